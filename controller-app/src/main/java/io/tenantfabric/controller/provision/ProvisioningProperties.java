package io.tenantfabric.controller.provision;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.provisioning.*}: whether this instance runs the provisioner ({@code enabled}), the
 * fallback sweep when no notification arrives ({@code sweep-interval}), how long a switch may stay
 * unreachable before its pending allocations fail ({@code unreachable-deadline}, default 30 s), the
 * switch-side auto-rollback of a prepared change ({@code confirm-timeout}, at most the deadline),
 * how many switches are changed at once ({@code parallelism}, default 512: a whole batch of any
 * preset in flight at once, see {@link BatchRunner}), the per-RPC timeout, the retry back-off of a
 * switch that failed transiently, and how long a confirmed change may stay unsaved while other work
 * is pending ({@code save-delay}), whether everything is saved as soon as nothing is pending
 * ({@code save-when-idle}), and how long a new leader that finds a batch left open waits for the
 * previous leader's switch sessions to go before it recovers that batch ({@code takeover-grace}: a
 * fenced-off leader that still runs cuts them within about two seconds), and the longest wait for
 * more intent after a slow batch, or after any batch while intent streams in, before the next
 * starts ({@code gather-max}, see {@link BatchGather}; 0 turns it off).
 */
@ConfigurationProperties("fabric.provisioning")
public record ProvisioningProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("5s") Duration sweepInterval,
    @DefaultValue("30s") Duration unreachableDeadline,
    @DefaultValue("30s") Duration confirmTimeout,
    @DefaultValue("512") int parallelism,
    @DefaultValue("10s") Duration rpcTimeout,
    @DefaultValue("5s") Duration connectTimeout,
    @DefaultValue("100ms") Duration retryInitial,
    @DefaultValue("5s") Duration retryMax,
    @DefaultValue("2s") Duration saveDelay,
    @DefaultValue("true") boolean saveWhenIdle,
    @DefaultValue("3s") Duration takeoverGrace,
    @DefaultValue("1s") Duration gatherMax) {

  public ProvisioningProperties {
    positive("sweep-interval", sweepInterval);
    positive("unreachable-deadline", unreachableDeadline);
    positive("confirm-timeout", confirmTimeout);
    positive("rpc-timeout", rpcTimeout);
    positive("connect-timeout", connectTimeout);
    positive("retry-initial", retryInitial);
    positive("retry-max", retryMax);
    positive("save-delay", saveDelay);
    if (gatherMax == null || gatherMax.isNegative()) {
      throw new IllegalArgumentException("fabric.provisioning.gather-max must not be negative");
    }
    if (takeoverGrace == null || takeoverGrace.isNegative()) {
      throw new IllegalArgumentException("fabric.provisioning.takeover-grace must not be negative");
    }
    if (confirmTimeout.compareTo(unreachableDeadline) > 0) {
      throw new IllegalArgumentException(
          "fabric.provisioning.confirm-timeout ("
              + confirmTimeout
              + ") must not exceed unreachable-deadline ("
              + unreachableDeadline
              + "): a switch must roll back by itself before its allocations are failed");
    }
    if (confirmTimeout.toSeconds() < 1) {
      throw new IllegalArgumentException(
          "fabric.provisioning.confirm-timeout must be at least 1 s (switches count seconds)");
    }
    if (parallelism < 1 || parallelism > 512) {
      throw new IllegalArgumentException("fabric.provisioning.parallelism must be 1..512");
    }
  }

  private static void positive(String name, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("fabric.provisioning." + name + " must be positive");
    }
  }
}
