package io.tenantfabric.controller.audit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.audit.*}: how often the chain is verified from the last checkpoint and a new
 * checkpoint appended ({@code checkpoint-interval}, default 1 hour; {@code 0} turns it off), which
 * keeps the default verification short however long the trail grows.
 */
@ConfigurationProperties("fabric.audit")
public record AuditProperties(@DefaultValue("1h") Duration checkpointInterval) {

  public AuditProperties {
    if (checkpointInterval == null || checkpointInterval.isNegative()) {
      throw new IllegalArgumentException("fabric.audit.checkpoint-interval must not be negative");
    }
  }
}
