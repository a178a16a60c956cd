package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.notify.LeadershipChanged;
import io.tenantfabric.controller.observability.FabricMetrics;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * {@code provisioner}: whether this instance leads, batches in flight, switches pending, and how
 * long the oldest allocation has waited for ACTIVE. Always UP, for the reason {@link FabricHealth}
 * gives ({@code observability.FabricHealth}).
 */
@Component("provisionerHealthIndicator")
class ProvisionerHealth implements HealthIndicator {

  private final JdbcTemplate jdbc;
  private final Clock clock;
  private volatile boolean leading;

  ProvisionerHealth(JdbcTemplate jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @EventListener
  void leadershipChanged(LeadershipChanged e) {
    leading = e.leading();
  }

  @Override
  public Health health() {
    Long batches =
        jdbc.queryForObject(
            "SELECT count(*) FROM provisioning_batches WHERE state IN ('PREPARING', 'CONFIRMING')",
            Long.class);
    long pending = (long) FabricMetrics.pendingSwitches(jdbc);
    Timestamp oldest =
        jdbc.queryForObject(
            "SELECT min(created_at) FROM allocations WHERE status = 'PROVISIONING'",
            Timestamp.class);
    return Health.up()
        .withDetail("leading", leading)
        .withDetail("batchesInFlight", batches)
        .withDetail("pendingSwitches", pending)
        .withDetail(
            "oldestPendingSeconds",
            oldest == null
                ? 0
                : Math.max(0, Duration.between(oldest.toInstant(), clock.instant()).toSeconds()))
        .build();
  }
}
