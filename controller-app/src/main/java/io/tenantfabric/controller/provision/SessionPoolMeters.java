package io.tenantfabric.controller.provision;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.tenantfabric.southbound.session.SessionPool;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * The NETCONF session pools' meters, per pool ({@code provisioner}, {@code views}): sessions open,
 * sessions opened, and sessions found dead and opened again. Here, not in {@code observability},
 * because only the provisioner's packages talk to switches (ControllerLayeringTest).
 */
@Component
class SessionPoolMeters {

  SessionPoolMeters(
      MeterRegistry registry,
      SessionPool provisionerPool,
      @Qualifier("viewSessionPool") SessionPool viewPool) {
    register(registry, "provisioner", provisionerPool);
    register(registry, "views", viewPool);
  }

  private static void register(MeterRegistry registry, String name, SessionPool pool) {
    Gauge.builder("fabric.netconf.sessions.open", pool, SessionPool::openSessions)
        .description("NETCONF sessions open")
        .tag("pool", name)
        .register(registry);
    FunctionCounter.builder("fabric.netconf.connects", pool, p -> p.stats().connects())
        .description("NETCONF sessions opened")
        .tag("pool", name)
        .register(registry);
    FunctionCounter.builder("fabric.netconf.reconnects", pool, SessionPool::reconnects)
        .description("NETCONF sessions found dead and opened again")
        .tag("pool", name)
        .register(registry);
  }
}
