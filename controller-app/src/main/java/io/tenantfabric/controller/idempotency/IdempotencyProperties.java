package io.tenantfabric.controller.idempotency;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.idempotency.*}: how long a response stays replayable for its Idempotency-Key
 * ({@code ttl}, default 24 hours, like common payment APIs: long enough for a portal's retries
 * across an outage) and how often expired records are deleted ({@code sweep-interval}).
 */
@ConfigurationProperties("fabric.idempotency")
public record IdempotencyProperties(
    @DefaultValue("24h") Duration ttl, @DefaultValue("10m") Duration sweepInterval) {

  public IdempotencyProperties {
    if (ttl == null || ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("fabric.idempotency.ttl must be positive");
    }
    if (sweepInterval == null || sweepInterval.isNegative() || sweepInterval.isZero()) {
      throw new IllegalArgumentException("fabric.idempotency.sweep-interval must be positive");
    }
  }
}
