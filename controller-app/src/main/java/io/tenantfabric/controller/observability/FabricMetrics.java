package io.tenantfabric.controller.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.tenantfabric.model.verify.FindingKind;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The controller's own meters (names as Prometheus shows them):
 *
 * <ul>
 *   <li>{@code fabric_allocation_active_seconds}: allocation created to ACTIVE (histogram);
 *   <li>{@code fabric_device_transaction_seconds}: one switch's transaction, session taken to
 *       confirm's reply (histogram), and {@code fabric_device_transaction_rpcs}: its RPCs;
 *   <li>{@code fabric_provisioning_batch_switches}: switches per batch, and {@code
 *       fabric_provisioning_phase_seconds{phase}}: each batch's time in each of its phases (load,
 *       compile, writer-locks, connect, open, begin, relatch, join, prepare, mark-confirming,
 *       confirm, outcome, after, settle, save, and the gather before the next batch);
 *   <li>{@code fabric_provisioning_pending_switches}: managed switches whose intent is ahead of
 *       what they applied (read at scrape);
 *   <li>{@code fabric_switches{state}}: switches by the state the API shows ({@code UNMANAGED},
 *       {@code NOT_READY}, {@code UNREACHABLE}, {@code FAILED}, {@code DRIFTED}, {@code PENDING},
 *       {@code IN_SYNC}), read at scrape in one query for all of them;
 *   <li>{@code fabric_drift_items_total{kind}}: drift found by reconcile runs;
 *   <li>{@code fabric_isolation_findings{kind}}: findings of the latest isolation audit this
 *       instance ran;
 *   <li>and, registered by {@code provision.SessionPoolMeters} (only the provisioner talks to
 *       switches), {@code fabric_netconf_sessions_open{pool}}, {@code
 *       fabric_netconf_connects_total{pool}}, {@code fabric_netconf_reconnects_total{pool}}.
 * </ul>
 */
@Component
public class FabricMetrics {

  private final MeterRegistry registry;
  private final Timer allocationActive;
  private final Timer transaction;
  private final DistributionSummary transactionRpcs;
  private final DistributionSummary batchSwitches;
  private final Map<FindingKind, AtomicInteger> findings = new EnumMap<>(FindingKind.class);

  FabricMetrics(MeterRegistry registry, JdbcTemplate jdbc) {
    this.registry = registry;
    allocationActive =
        Timer.builder("fabric.allocation.active")
            .description("allocation created to ACTIVE")
            .publishPercentileHistogram()
            .register(registry);
    transaction =
        Timer.builder("fabric.device.transaction")
            .description("one switch's transaction: session taken to the confirm's reply")
            .publishPercentileHistogram()
            .register(registry);
    transactionRpcs =
        DistributionSummary.builder("fabric.device.transaction.rpcs")
            .description("RPCs one switch's transaction sent")
            .register(registry);
    batchSwitches =
        DistributionSummary.builder("fabric.provisioning.batch.switches")
            .description("switches changed by one batch")
            .register(registry);
    Gauge.builder("fabric.provisioning.pending.switches", jdbc, FabricMetrics::pendingSwitches)
        .description("managed switches whose intent is ahead of what they applied")
        .register(registry);
    SwitchStateCounts states = new SwitchStateCounts(jdbc);
    for (String state : SwitchStateCounts.STATES) {
      Gauge.builder("fabric.switches", states, c -> c.count(state))
          .description("switches by the state the API shows")
          .tag("state", state)
          .strongReference(true) // the counts live only in these gauges
          .register(registry);
    }
    for (FindingKind kind : FindingKind.values()) {
      AtomicInteger n = new AtomicInteger();
      findings.put(kind, n);
      Gauge.builder("fabric.isolation.findings", n, AtomicInteger::get)
          .description("findings of the latest isolation audit run here")
          .tag("kind", kind.name())
          .register(registry);
    }
  }

  /** An allocation reached ACTIVE {@code took} after it was created. */
  public void allocationActive(Duration took) {
    allocationActive.record(took.isNegative() ? Duration.ZERO : took);
  }

  /** One switch's confirmed transaction. */
  public void transaction(long nanos, long rpcs) {
    transaction.record(nanos, TimeUnit.NANOSECONDS);
    transactionRpcs.record(rpcs);
  }

  /** A batch changed {@code switches} switches. */
  public void batch(int switches) {
    batchSwitches.record(switches);
  }

  /** Where one provisioning cycle's time went: phase name to nanoseconds. */
  public void batchPhases(Map<String, Long> nanos) {
    nanos.forEach(
        (phase, n) ->
            Timer.builder("fabric.provisioning.phase")
                .description("one provisioning cycle's time in each phase")
                .tag("phase", phase)
                .register(registry)
                .record(n, TimeUnit.NANOSECONDS));
  }

  /** A reconcile run found drift items of {@code kind}. */
  public void driftFound(String kind, int items) {
    Counter.builder("fabric.drift.items")
        .description("drift items found by reconcile runs")
        .tag("kind", kind)
        .register(registry)
        .increment(items);
  }

  /** The counts of the isolation audit that just finished here. */
  public void isolationFindings(Map<FindingKind, Integer> counts) {
    findings.forEach((kind, n) -> n.set(counts.getOrDefault(kind, 0)));
  }

  /** Managed switches whose intent is ahead of what they applied. */
  public static double pendingSwitches(JdbcTemplate jdbc) {
    Long n =
        jdbc.queryForObject(
            "SELECT count(*) FROM switches WHERE host IS NOT NULL"
                + " AND desired_generation > applied_generation",
            Long.class);
    return n == null ? 0 : n;
  }
}
