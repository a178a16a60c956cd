package io.tenantfabric.controller.event;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.events.*}: how long events are kept for resuming clients ({@code retention},
 * default 1 day) and how often one instance deletes older ones ({@code prune-interval}); how often
 * the hub looks for other instances' commits ({@code poll}, default 250 ms); a stream's heartbeat
 * ({@code heartbeat}, 15 s), how often its token is checked ({@code token-check}, 30 s) and how
 * many undelivered events it may hold before it is dropped ({@code buffer}, 4,096, which a batch
 * turning thousands of allocations ACTIVE at once must fit in); the events the hub keeps in memory
 * for clients that resume ({@code tail}); and how many streams one token and one instance may hold
 * ({@code streams-per-token}, 4; {@code streams-per-instance}, 256).
 */
@ConfigurationProperties("fabric.events")
public record EventProperties(
    @DefaultValue("P1D") Duration retention,
    @DefaultValue("1m") Duration pruneInterval,
    @DefaultValue("250ms") Duration poll,
    @DefaultValue("15s") Duration heartbeat,
    @DefaultValue("30s") Duration tokenCheck,
    @DefaultValue("4096") int buffer,
    @DefaultValue("4096") int tail,
    @DefaultValue("4") int streamsPerToken,
    @DefaultValue("256") int streamsPerInstance) {

  public EventProperties {
    positive("retention", retention);
    positive("prune-interval", pruneInterval);
    positive("poll", poll);
    positive("heartbeat", heartbeat);
    positive("token-check", tokenCheck);
    if (buffer < 1 || buffer > 1_000_000) {
      throw new IllegalArgumentException("fabric.events.buffer must be 1..1000000");
    }
    if (tail < 1 || tail > 1_000_000) {
      throw new IllegalArgumentException("fabric.events.tail must be 1..1000000");
    }
    if (streamsPerToken < 1 || streamsPerInstance < 1 || streamsPerInstance > 100_000) {
      throw new IllegalArgumentException(
          "fabric.events.streams-per-token must be at least 1 and streams-per-instance 1..100000");
    }
  }

  private static void positive(String name, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("fabric.events." + name + " must be positive");
    }
  }
}
