package io.tenantfabric.controller.isolation;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.isolation.*}: how long finished audits are kept (what each tenant port last showed
 * is kept while the port is the tenant's) ({@code retention}, default 7 days), whether the switches
 * a batch changed are audited after it ({@code after-batch}, default true), and how many switches
 * are read at once ({@code parallelism}).
 */
@ConfigurationProperties("fabric.isolation")
public record IsolationProperties(
    @DefaultValue("7d") Duration retention,
    @DefaultValue("true") boolean afterBatch,
    @DefaultValue("16") int parallelism) {

  public IsolationProperties {
    if (retention == null || retention.isNegative() || retention.isZero()) {
      throw new IllegalArgumentException("fabric.isolation.retention must be positive");
    }
    if (parallelism < 1 || parallelism > 512) {
      throw new IllegalArgumentException("fabric.isolation.parallelism must be 1..512");
    }
  }
}
