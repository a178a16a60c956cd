package io.tenantfabric.controller.database;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Warns once at start when PostgreSQL runs without autovacuum. The service relies on it like any
 * PostgreSQL application: without it the planner never learns how tenants, allocations and their
 * memberships grew, keeps the plans it made on small tables (a sequential scan of the tenants for
 * an allocation group's tenant lock, say), and updated rows are never reclaimed. The service
 * analyzes the topology it writes in bulk itself (V11); the tables that grow one request at a time
 * are autovacuum's.
 */
@Component
class AutovacuumCheck {

  private static final Logger log = LoggerFactory.getLogger(AutovacuumCheck.class);

  private final JdbcTemplate jdbc;

  AutovacuumCheck(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  @EventListener(ApplicationReadyEvent.class)
  void check() {
    warningFor(jdbc.queryForObject("SELECT current_setting('autovacuum')", String.class))
        .ifPresent(log::warn);
  }

  /** The warning for the server's {@code autovacuum} setting, if it deserves one. */
  static Optional<String> warningFor(String autovacuum) {
    if (!"off".equalsIgnoreCase(autovacuum)) {
      return Optional.empty();
    }
    return Optional.of(
        "PostgreSQL runs with autovacuum = off: the planner's statistics of tenants and"
            + " allocations go stale and updated rows are never reclaimed, so allocations slow"
            + " down as the fabric fills. Turn autovacuum on (the PostgreSQL default), or run"
            + " VACUUM ANALYZE on a schedule (docs/configuration.md).");
  }
}
