package io.tenantfabric.controller.reconcile;

import java.time.Duration;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.reconcile.*}: how often every managed switch's running config is compared with its
 * intent ({@code interval}, default 60 s; {@code 0} turns the schedule off, as the tests do), and
 * what a run does with drift by default ({@code policy}: {@code repair} pushes the intent again,
 * {@code report} only records it), and how long finished runs are kept ({@code retention}, default
 * 7 days; the drift each switch last showed stays on the switch), and how many switches are read at
 * once ({@code parallelism}, default 16: a full read-back holds each switch's whole config in
 * memory, so reads stay bounded while changes go out all at once).
 */
@ConfigurationProperties("fabric.reconcile")
public record ReconcileProperties(
    @DefaultValue("60s") Duration interval,
    @DefaultValue("repair") String policy,
    @DefaultValue("7d") Duration retention,
    @DefaultValue("16") int parallelism) {

  public ReconcileProperties {
    if (interval == null || interval.isNegative()) {
      throw new IllegalArgumentException("fabric.reconcile.interval must not be negative");
    }
    if (retention == null || retention.isNegative() || retention.isZero()) {
      throw new IllegalArgumentException("fabric.reconcile.retention must be positive");
    }
    if (parallelism < 1 || parallelism > 512) {
      throw new IllegalArgumentException("fabric.reconcile.parallelism must be 1..512");
    }
    policy = policy == null ? "REPAIR" : policy.strip().toUpperCase(Locale.ROOT);
    if (!policy.equals("REPAIR") && !policy.equals("REPORT")) {
      throw new IllegalArgumentException("fabric.reconcile.policy must be repair or report");
    }
  }
}
