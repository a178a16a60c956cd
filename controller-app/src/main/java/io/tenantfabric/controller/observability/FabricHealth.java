package io.tenantfabric.controller.observability;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * {@code fabric}: how many managed switches there are, are reachable and in sync, which are not
 * reachable and which are not ready (their day-0 configuration incomplete). Always UP: an
 * unreachable or unready switch is the provisioner's or the installer's work, and an orchestrator
 * that restarted this process for it would only take away the one that recovers it.
 */
@Component("fabricHealthIndicator")
class FabricHealth implements HealthIndicator {

  /** At most this many unreachable (and as many not ready) switches are named. */
  static final int NAMED = 20;

  private final JdbcTemplate jdbc;

  FabricHealth(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Health health() {
    int[] counts = new int[3]; // managed, in sync, unreachable
    List<String> unreachable = new ArrayList<>();
    List<String> notReady = new ArrayList<>();
    jdbc.query(
        "SELECT name, state FROM switches WHERE host IS NOT NULL ORDER BY name",
        rs -> {
          counts[0]++;
          String state = rs.getString(2);
          if ("IN_SYNC".equals(state)) {
            counts[1]++;
          } else if ("UNREACHABLE".equals(state)) {
            counts[2]++;
            if (unreachable.size() < NAMED) {
              unreachable.add(rs.getString(1));
            }
          } else if ("NOT_READY".equals(state) && notReady.size() < NAMED) {
            notReady.add(rs.getString(1));
          }
        });
    return Health.up()
        .withDetail("managed", counts[0])
        .withDetail("reachable", counts[0] - counts[2])
        .withDetail("inSync", counts[1])
        .withDetail("unreachable", unreachable)
        .withDetail("notReady", notReady)
        .build();
  }
}
