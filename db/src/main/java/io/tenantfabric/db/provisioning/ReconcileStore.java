package io.tenantfabric.db.provisioning;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Reconcile runs and the drift state of switches; callers own the transactions. */
@Repository
public class ReconcileStore {

  /** Channel notified (without payload) when a run is requested. */
  public static final String REQUESTED_CHANNEL = "tenant_fabric_reconcile";

  /** Channel notified with a run's id when it has finished. */
  public static final String DONE_CHANNEL = "tenant_fabric_reconcile_done";

  private static final String COLUMNS =
      "id, scope, policy, trigger, state, requested_at, started_at, finished_at, result::text";

  private final JdbcTemplate jdbc;

  ReconcileStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Records a requested run and wakes the provisioner at commit. */
  public void request(UUID id, String scope, String policy, String trigger, Instant now) {
    jdbc.update(
        "INSERT INTO reconcile_runs (id, scope, policy, trigger, state, requested_at)"
            + " VALUES (?, ?, ?, ?, 'REQUESTED', ?)",
        id,
        scope,
        policy,
        trigger,
        Timestamp.from(now));
    jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, REQUESTED_CHANNEL);
  }

  public Optional<ReconcileRun> find(UUID id) {
    return jdbc
        .query("SELECT " + COLUMNS + " FROM reconcile_runs WHERE id = ?", (rs, n) -> run(rs), id)
        .stream()
        .findFirst();
  }

  /** The latest runs, newest first. */
  public List<ReconcileRun> recent(int limit) {
    return jdbc.query(
        "SELECT " + COLUMNS + " FROM reconcile_runs ORDER BY requested_at DESC, id LIMIT ?",
        (rs, n) -> run(rs),
        limit);
  }

  /**
   * Requested runs, oldest first, marked RUNNING (runs left RUNNING by a stopped leader too: their
   * reads are simply done again).
   */
  public List<ReconcileRun> claimOpen(Instant now) {
    List<ReconcileRun> claimed =
        new ArrayList<>(
            jdbc.query(
                "UPDATE reconcile_runs SET state = 'RUNNING', started_at = coalesce(started_at, ?)"
                    + " WHERE state IN ('REQUESTED', 'RUNNING') RETURNING "
                    + COLUMNS,
                (rs, n) -> run(rs),
                Timestamp.from(now)));
    claimed.sort(Comparator.comparing(ReconcileRun::requestedAt));
    return claimed;
  }

  /** Forgets finished runs requested before {@code before}; returns how many. */
  public int prune(Instant before) {
    return jdbc.update(
        "DELETE FROM reconcile_runs WHERE state IN ('DONE', 'FAILED') AND requested_at < ?",
        Timestamp.from(before));
  }

  /** Runs whose repairs are under way. */
  public List<ReconcileRun> repairing() {
    return jdbc.query(
        "SELECT "
            + COLUMNS
            + " FROM reconcile_runs WHERE state = 'REPAIRING' ORDER BY requested_at",
        (rs, n) -> run(rs));
  }

  /** Records what a run found; it stays open until its repairs are applied or failed. */
  public void markRepairing(UUID id, String resultJson) {
    jdbc.update(
        "UPDATE reconcile_runs SET state = 'REPAIRING', result = CAST(? AS jsonb) WHERE id = ?",
        resultJson,
        id);
  }

  /**
   * Moves the desired generation of each drifted switch on by one, so that the next batch pushes
   * its intent again (locking in name order, as intent changes do); returns the new generations.
   */
  public Map<String, Long> bumpForRepair(Collection<String> switchNames) {
    Map<String, Long> generations = new TreeMap<>();
    jdbc.query(
        "UPDATE switches s SET desired_generation = s.desired_generation + 1"
            + " FROM (SELECT name FROM switches WHERE name = ANY (?) ORDER BY name FOR NO KEY UPDATE) l"
            + " WHERE s.name = l.name RETURNING s.name, s.desired_generation",
        rs -> {
          generations.put(rs.getString(1), rs.getLong(2));
        },
        (Object) switchNames.toArray(String[]::new));
    return generations;
  }

  /** How far the repair of each named switch got. */
  public Map<String, RepairProgress> repairProgress(Collection<String> switchNames) {
    Map<String, RepairProgress> progress = new TreeMap<>();
    jdbc.query(
        "SELECT name, applied_generation, state, last_error_at, last_error_phase, last_error"
            + " FROM switches WHERE name = ANY (?)",
        rs -> {
          progress.put(
              rs.getString(1),
              new RepairProgress(
                  rs.getLong(2),
                  rs.getString(3),
                  instant(rs.getTimestamp(4)),
                  rs.getString(5),
                  rs.getString(6)));
        },
        (Object) switchNames.toArray(String[]::new));
    return progress;
  }

  /** A drifted switch's applied generation, state and last error, as its repair goes. */
  public record RepairProgress(
      long appliedGeneration,
      String state,
      Instant lastErrorAt,
      String lastErrorPhase,
      String lastError) {}

  /** The last scheduled run's request time. */
  public Optional<Instant> lastScheduled() {
    return Optional.ofNullable(
            jdbc.queryForObject(
                "SELECT max(requested_at) FROM reconcile_runs WHERE trigger = 'SCHEDULE'",
                Timestamp.class))
        .map(Timestamp::toInstant);
  }

  /** Closes a run with its result and tells the waiters at commit. */
  public void finish(UUID id, String state, String resultJson, Instant now) {
    jdbc.update(
        "UPDATE reconcile_runs SET state = ?, result = CAST(? AS jsonb), finished_at = ?"
            + " WHERE id = ?",
        state,
        resultJson,
        Timestamp.from(now),
        id);
    jdbc.queryForObject("SELECT pg_notify(?, ?)::text", String.class, DONE_CHANNEL, id.toString());
  }

  /** Records drift found on a switch: DRIFTED since the first finding, the items as found. */
  public void recordDrift(String switchName, String itemsJson, Instant now) {
    Timestamp at = Timestamp.from(now);
    jdbc.update(
        "UPDATE switches SET state = 'DRIFTED', drift_since = coalesce(drift_since, ?),"
            + " last_drift_at = ?, last_drift = CAST(? AS jsonb) WHERE name = ?",
        at,
        at,
        itemsJson,
        switchName);
  }

  /**
   * A switch found running its intent: no longer drifted (the last drift stays on record), and
   * reachable again if a reconcile had found it unreachable.
   */
  public void recordInSync(String switchName) {
    jdbc.update(
        "UPDATE switches SET drift_since = NULL, state = CASE WHEN state IN ('DRIFTED',"
            + " 'UNREACHABLE') THEN 'IN_SYNC' ELSE state END WHERE name = ?",
        switchName);
  }

  /**
   * A switch a reconcile could not read: UNREACHABLE with the reason, unless the provisioner has it
   * in another state of its own (pending work, a failure it is retrying).
   */
  public void recordUnreachable(String switchName, String error, Instant now) {
    jdbc.update(
        "UPDATE switches SET state = 'UNREACHABLE', last_error_at = ?,"
            + " last_error_phase = 'reconcile', last_error = ?"
            + " WHERE name = ? AND state IN ('IN_SYNC', 'DRIFTED')",
        Timestamp.from(now),
        error == null ? "unreachable" : error,
        switchName);
  }

  private static ReconcileRun run(ResultSet rs) throws SQLException {
    return new ReconcileRun(
        rs.getObject(1, UUID.class),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        rs.getTimestamp(6).toInstant(),
        instant(rs.getTimestamp(7)),
        instant(rs.getTimestamp(8)),
        rs.getString(9));
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
