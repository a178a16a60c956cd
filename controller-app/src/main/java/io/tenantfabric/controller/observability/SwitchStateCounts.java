package io.tenantfabric.controller.observability;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Switches by the state the API shows, counted in one query and kept for a second: a scrape asks
 * each state's gauge in turn, and they should agree with each other.
 */
final class SwitchStateCounts {

  /** Every state the API shows, in the order of precedence. */
  static final List<String> STATES =
      List.of("UNMANAGED", "NOT_READY", "UNREACHABLE", "FAILED", "DRIFTED", "PENDING", "IN_SYNC");

  private static final long KEPT_NANOS = 1_000_000_000L;

  private final JdbcTemplate jdbc;
  private Map<String, Long> counts = Map.of();
  private long readAt;
  private boolean read;

  SwitchStateCounts(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  synchronized double count(String state) {
    long now = System.nanoTime();
    if (!read || now - readAt > KEPT_NANOS) {
      Map<String, Long> fresh = new HashMap<>();
      // as DescribeFabric shows it: without inventory UNMANAGED, behind its intent and otherwise
      // in sync PENDING, else the stored state
      jdbc.query(
          "SELECT CASE WHEN host IS NULL THEN 'UNMANAGED'"
              + " WHEN state = 'IN_SYNC' AND desired_generation > applied_generation"
              + " THEN 'PENDING' ELSE state END, count(*) FROM switches GROUP BY 1",
          rs -> {
            fresh.put(rs.getString(1), rs.getLong(2));
          });
      counts = fresh;
      readAt = now;
      read = true;
    }
    return counts.getOrDefault(state, 0L);
  }
}
