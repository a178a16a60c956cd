package io.tenantfabric.controller.isolation;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.isolation.*}: how long finished audits are kept (what each tenant port last showed
 * is kept while the port is the tenant's) ({@code retention}, default 7 days), whether the switches
 * a batch changed are audited after it ({@code after-batch}, default true), how often at most such
 * an audit starts ({@code after-batch-interval}, default 5 s: the first batch after a quiet spell
 * is audited at once, and during a burst the switches changed meanwhile are gathered into one audit
 * when the interval has passed, instead of an audit running all the time and re-reading the same
 * switches), how many switches are read at once ({@code parallelism}), how many requested audits
 * may wait to start ({@code max-queued}, default 16: each reads switches the provisioner also
 * needs, and a request equal to a waiting one joins it instead), and how many times a minute one
 * API token may read a tenant's evidence ({@code evidence-reads-per-minute}, default 120, in a
 * burst: each read appends an audit event under the chain's lock).
 */
@ConfigurationProperties("fabric.isolation")
public record IsolationProperties(
    @DefaultValue("7d") Duration retention,
    @DefaultValue("true") boolean afterBatch,
    @DefaultValue("16") int parallelism,
    @DefaultValue("5s") Duration afterBatchInterval,
    @DefaultValue("16") int maxQueued,
    @DefaultValue("120") int evidenceReadsPerMinute) {

  public IsolationProperties {
    if (retention == null || retention.isNegative() || retention.isZero()) {
      throw new IllegalArgumentException("fabric.isolation.retention must be positive");
    }
    if (afterBatchInterval == null || afterBatchInterval.isNegative()) {
      throw new IllegalArgumentException(
          "fabric.isolation.after-batch-interval must not be negative");
    }
    if (parallelism < 1 || parallelism > 512) {
      throw new IllegalArgumentException("fabric.isolation.parallelism must be 1..512");
    }
    if (maxQueued < 1 || maxQueued > 1024) {
      throw new IllegalArgumentException("fabric.isolation.max-queued must be 1..1024");
    }
    if (evidenceReadsPerMinute < 1 || evidenceReadsPerMinute > 60_000) {
      throw new IllegalArgumentException(
          "fabric.isolation.evidence-reads-per-minute must be 1..60000");
    }
  }
}
