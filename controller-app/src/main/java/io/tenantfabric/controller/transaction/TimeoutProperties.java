package io.tenantfabric.controller.transaction;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.db.timeouts.*}: PostgreSQL {@code lock_timeout} and {@code statement_timeout} per
 * kind of use case, set with {@code SET LOCAL} at the start of its transaction. A timeout is
 * answered 503 with {@code Retry-After}, so one long holder of the fabric lock cannot stall every
 * request. Intent changes wait briefly for their locks; the fabric definition and a full
 * audit-chain verification may run long.
 */
@ConfigurationProperties("fabric.db.timeouts")
public record TimeoutProperties(
    @DefaultValue("5s") Duration intentLock,
    @DefaultValue("15s") Duration intentStatement,
    @DefaultValue("15s") Duration readStatement,
    @DefaultValue("30s") Duration longLock,
    @DefaultValue("10m") Duration longStatement) {

  public TimeoutProperties {
    for (Duration d :
        new Duration[] {intentLock, intentStatement, readStatement, longLock, longStatement}) {
      if (d == null || d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("fabric.db.timeouts.* must be positive durations");
      }
    }
  }

  Limits of(Kind kind) {
    return switch (kind) {
      case INTENT -> new Limits(intentLock, intentStatement);
      case READ -> new Limits(readStatement, readStatement);
      case LONG -> new Limits(longLock, longStatement);
    };
  }

  /** The kinds of use case, each with its own limits. */
  enum Kind {
    INTENT,
    READ,
    LONG
  }

  /** The two PostgreSQL timeouts of one kind. */
  record Limits(Duration lock, Duration statement) {}
}
