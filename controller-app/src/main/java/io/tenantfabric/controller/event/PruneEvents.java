package io.tenantfabric.controller.event;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes events older than {@code fabric.events.retention}, in short batches, one instance at a
 * time (a transaction-scoped advisory lock; an instance that does not get it skips the round), and
 * raises the horizon to the newest position deleted in the same transaction, so that a client
 * resuming at or before it is told to reset instead of missing what was deleted.
 */
@Component
class PruneEvents implements SchedulingConfigurer {

  // pg_try_advisory_xact_lock(int4, int4): the event retention's key ("tfev") and the schema's
  // hash, as the other locks of the controller are keyed
  private static final int PRUNE_LOCK = 0x7466_6576;
  private static final int BATCH = 5_000;

  private static final Logger log = LoggerFactory.getLogger(PruneEvents.class);

  private final JdbcTemplate jdbc;
  private final TransactionTemplate tx;
  private final EventProperties properties;

  PruneEvents(JdbcTemplate jdbc, PlatformTransactionManager txm, EventProperties properties) {
    this.jdbc = jdbc;
    this.tx = new TransactionTemplate(txm);
    this.properties = properties;
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(this::prune, properties.pruneInterval());
  }

  /** Deletes what retention lets go; returns how many events. */
  int prune() {
    int total = 0;
    int n;
    do {
      Integer deleted = tx.execute(s -> batch(properties.retention()));
      n = deleted == null ? 0 : deleted;
      total += n;
    } while (n == BATCH);
    if (total > 0) {
      log.info("deleted {} events older than {}", total, properties.retention());
    }
    return total;
  }

  private int batch(Duration retention) {
    Boolean locked =
        jdbc.queryForObject(
            "SELECT pg_try_advisory_xact_lock(?, hashtext(current_schema()))",
            Boolean.class,
            PRUNE_LOCK);
    if (!Boolean.TRUE.equals(locked)) {
      return 0;
    }
    Integer deleted =
        jdbc.queryForObject(
            "WITH gone AS ("
                + " DELETE FROM events WHERE ctid IN (SELECT ctid FROM events"
                + " WHERE created_at < now() - make_interval(secs => ?) LIMIT ?)"
                + " RETURNING xid, seq),"
                + " newest AS (SELECT xid, seq FROM gone ORDER BY xid DESC, seq DESC LIMIT 1),"
                + " raised AS (UPDATE event_horizon h SET xid = n.xid, seq = n.seq FROM newest n"
                + " WHERE h.id = 1 AND (n.xid, n.seq) > (h.xid, h.seq) RETURNING 1)"
                + " SELECT (SELECT count(*) FROM gone)::int + 0 * (SELECT count(*) FROM raised)",
            Integer.class,
            (double) retention.toMillis() / 1000.0,
            BATCH);
    return deleted == null ? 0 : deleted;
  }
}
