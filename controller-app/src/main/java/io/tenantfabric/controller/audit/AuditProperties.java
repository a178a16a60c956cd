package io.tenantfabric.controller.audit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.audit.*}: how often the chain is verified from the last trusted checkpoint and a
 * new checkpoint appended ({@code checkpoint-interval}, default 1 hour; {@code 0} turns it off),
 * which keeps the default verification and receipt checks short however long the trail grows; and
 * the bounds of receipt checks: how long one may hold its database connection ({@code
 * receipt-timeout}, default 10 s) and how many may run at once, overall ({@code
 * receipt-concurrency}, default 2) and per tenant, or per token for the other roles ({@code
 * receipt-concurrency-per-caller}, default 1).
 */
@ConfigurationProperties("fabric.audit")
public record AuditProperties(
    @DefaultValue("1h") Duration checkpointInterval,
    @DefaultValue("10s") Duration receiptTimeout,
    @DefaultValue("2") int receiptConcurrency,
    @DefaultValue("1") int receiptConcurrencyPerCaller) {

  public AuditProperties {
    if (checkpointInterval == null || checkpointInterval.isNegative()) {
      throw new IllegalArgumentException("fabric.audit.checkpoint-interval must not be negative");
    }
    if (receiptTimeout == null || receiptTimeout.toMillis() < 1) {
      throw new IllegalArgumentException("fabric.audit.receipt-timeout must be at least 1ms");
    }
    if (receiptConcurrency < 1 || receiptConcurrencyPerCaller < 1) {
      throw new IllegalArgumentException(
          "fabric.audit.receipt-concurrency and receipt-concurrency-per-caller must be at least 1");
    }
  }
}
