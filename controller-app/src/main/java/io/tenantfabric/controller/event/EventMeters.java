package io.tenantfabric.controller.event;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * The stream's meters (as Prometheus names them): {@code fabric_events_streams} open in this
 * instance, {@code fabric_events_streams_dropped_total} dropped because their client did not keep
 * up, {@code fabric_events_delivered_total} events written to streams.
 */
@Component
class EventMeters {

  private final Counter dropped;
  private final Counter delivered;

  EventMeters(MeterRegistry registry, StreamLimits limits) {
    Gauge.builder("fabric.events.streams", limits, StreamLimits::open)
        .description("event streams open in this instance")
        .register(registry);
    dropped =
        Counter.builder("fabric.events.streams.dropped")
            .description("event streams dropped because their buffer was full")
            .register(registry);
    delivered =
        Counter.builder("fabric.events.delivered")
            .description("events written to event streams")
            .register(registry);
  }

  void dropped() {
    dropped.increment();
  }

  void delivered(long events) {
    if (events > 0) {
      delivered.increment(events);
    }
  }
}
