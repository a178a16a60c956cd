package io.tenantfabric.db.isolation;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementSetter;
import org.springframework.stereotype.Repository;

/** Isolation audit runs, their results and the ports they observed; callers own transactions. */
@Repository
public class IsolationAuditStore {

  /** Channel notified (without payload) when an audit is requested. */
  public static final String REQUESTED_CHANNEL = "tenant_fabric_isolation_audit";

  /** Channel notified with an audit's id when it has finished. */
  public static final String DONE_CHANNEL = "tenant_fabric_isolation_audit_done";

  // pg_advisory_xact_lock(int4, int4): the isolation-audit queue's key ("tfiq") and the schema's
  // hash, as the provisioning leader's lock is keyed
  private static final int QUEUE_LOCK = 0x7466_6971;

  private static final String COLUMNS =
      "id, trigger, scope, status, requested_at, started_at, finished_at, timings::text,"
          + " counts::text, findings::text, not_managed, unreadable, failure";

  private final JdbcTemplate jdbc;

  IsolationAuditStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Records a requested audit ({@code scope} null: every switch) and wakes the leader at commit.
   */
  public void request(UUID id, String trigger, List<String> scope, Instant now) {
    jdbc.update(
        con -> {
          var ps =
              con.prepareStatement(
                  "INSERT INTO isolation_audits (id, trigger, scope, status, requested_at)"
                      + " VALUES (?, ?, ?, 'REQUESTED', ?)");
          ps.setObject(1, id);
          ps.setString(2, trigger);
          ps.setArray(3, scope == null ? null : con.createArrayOf("text", scope.toArray()));
          ps.setTimestamp(4, Timestamp.from(now));
          return ps;
        });
    jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, REQUESTED_CHANNEL);
  }

  /**
   * Takes the queue's lock until the transaction ends (a transaction-scoped advisory lock keyed by
   * the schema, so that requests deciding on the queue's bound do so one at a time and each sees
   * the rows of those before it), then finds the oldest queued API audit of exactly {@code scope}
   * (null: the whole fabric) and counts the queued API audits: one round trip, the lock first.
   */
  public QueuedAudits lockQueue(List<String> scope) {
    RoundTrip trip = new RoundTrip(jdbc);
    trip.query(
        "SELECT pg_advisory_xact_lock(?, hashtext(current_schema()))::text",
        p -> p.object(QUEUE_LOCK, Types.INTEGER),
        rs -> null);
    String queued = "FROM isolation_audits WHERE status = 'REQUESTED' AND trigger = 'API'";
    RoundTrip.Answer<QueuedAudits> answer =
        trip.query(
            "SELECT (SELECT id "
                + queued
                + (scope == null ? " AND scope IS NULL" : " AND scope = ?")
                + " ORDER BY requested_at, id LIMIT 1), (SELECT count(*) "
                + queued
                + ")",
            p -> {
              if (scope != null) {
                p.array("text", scope);
              }
            },
            rs -> {
              rs.next();
              return new QueuedAudits(
                  Optional.ofNullable(rs.getObject(1, UUID.class)), rs.getInt(2));
            });
    trip.send();
    return answer.get();
  }

  /** The oldest queued API audit of a scope, if one is, and how many API audits are queued. */
  public record QueuedAudits(Optional<UUID> same, int count) {}

  public Optional<IsolationAuditRow> find(UUID id) {
    return jdbc
        .query("SELECT " + COLUMNS + " FROM isolation_audits WHERE id = ?", (rs, n) -> row(rs), id)
        .stream()
        .findFirst();
  }

  /** The audit that finished last with a verdict (not FAILED). */
  public Optional<IsolationAuditRow> latestFinished() {
    return jdbc
        .query(
            "SELECT "
                + COLUMNS
                + " FROM isolation_audits"
                + " WHERE status IN ('CLEAN', 'FINDINGS', 'INCOMPLETE')"
                + " ORDER BY finished_at DESC LIMIT 1",
            (rs, n) -> row(rs))
        .stream()
        .findFirst();
  }

  /** The latest audits, newest first. */
  public List<IsolationAuditRow> recent(int limit) {
    return jdbc.query(
        "SELECT " + COLUMNS + " FROM isolation_audits ORDER BY requested_at DESC, id LIMIT ?",
        (rs, n) -> row(rs),
        limit);
  }

  /** The oldest requested audit, marked RUNNING; one at a time, so the rest still read queued. */
  public Optional<IsolationAuditRow> claimNext(Instant now) {
    return jdbc
        .query(
            "UPDATE isolation_audits a SET status = 'RUNNING', started_at = ? FROM (SELECT id FROM"
                + " isolation_audits WHERE status = 'REQUESTED' ORDER BY requested_at LIMIT 1"
                + " FOR UPDATE) r WHERE a.id = r.id RETURNING "
                + prefixed(),
            (rs, n) -> row(rs),
            Timestamp.from(now))
        .stream()
        .findFirst();
  }

  /** Audits a stopped leader left RUNNING: they end FAILED (their reads are gone with it). */
  public int failInterrupted(String failure, Instant now) {
    return jdbc.update(
        "UPDATE isolation_audits SET status = 'FAILED', failure = ?, finished_at = ?"
            + " WHERE status = 'RUNNING'",
        failure,
        Timestamp.from(now));
  }

  /** Closes an audit with its result and tells the waiters at commit. */
  public void finish(
      UUID id,
      String status,
      String timingsJson,
      String countsJson,
      String findingsJson,
      Collection<String> notManaged,
      Collection<String> unreadable,
      Instant now) {
    jdbc.update(
        con -> {
          var ps =
              con.prepareStatement(
                  "UPDATE isolation_audits SET status = ?, timings = CAST(? AS jsonb),"
                      + " counts = CAST(? AS jsonb), findings = CAST(? AS jsonb), not_managed = ?,"
                      + " unreadable = ?, finished_at = ? WHERE id = ?");
          ps.setString(1, status);
          ps.setString(2, timingsJson);
          ps.setString(3, countsJson);
          ps.setString(4, findingsJson);
          ps.setArray(5, con.createArrayOf("text", notManaged.toArray()));
          ps.setArray(6, con.createArrayOf("text", unreadable.toArray()));
          ps.setTimestamp(7, Timestamp.from(now));
          ps.setObject(8, id);
          return ps;
        });
    notifyDone(id);
  }

  /** Closes an audit that could not run, with the reason. */
  public void fail(UUID id, String failure, Instant now) {
    jdbc.update(
        "UPDATE isolation_audits SET status = 'FAILED', failure = ?, finished_at = ? WHERE id = ?",
        failure.length() > 4000 ? failure.substring(0, 3997) + "..." : failure,
        Timestamp.from(now),
        id);
    notifyDone(id);
  }

  /**
   * Replaces what was last observed on the tenants' ports of the switches an audit read: their old
   * rows go (a port freed since is no one's evidence any more), the audit's rows come in.
   */
  public void replacePorts(List<String> switchesRead, List<ObservedPortRow> rows) {
    jdbc.update(
        "DELETE FROM isolation_port_evidence WHERE switch_name = ANY (?)",
        (PreparedStatementSetter)
            ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", switchesRead.toArray())));
    jdbc.batchUpdate(
        "INSERT INTO isolation_port_evidence"
            + " (audit_id, tenant_id, switch_name, port, observed_at, observed)"
            + " VALUES (?, ?, ?, ?, ?, CAST(? AS jsonb))",
        rows,
        1000,
        (ps, r) -> {
          ps.setObject(1, r.auditId());
          ps.setLong(2, r.tenantId());
          ps.setString(3, r.switchName());
          ps.setString(4, r.port());
          ps.setTimestamp(5, Timestamp.from(r.observedAt()));
          ps.setString(6, r.observedJson());
        });
  }

  /** What was last observed on each port the tenant owns, by switch and port. */
  public List<ObservedPortRow> latestPorts(long tenantId) {
    return jdbc.query(
        "SELECT audit_id, tenant_id, switch_name, port, observed_at, observed::text"
            + " FROM isolation_port_evidence WHERE tenant_id = ? ORDER BY switch_name, port",
        (rs, n) ->
            new ObservedPortRow(
                rs.getObject(1, UUID.class),
                rs.getLong(2),
                rs.getString(3),
                rs.getString(4),
                rs.getTimestamp(5).toInstant(),
                rs.getString(6)),
        tenantId);
  }

  /** The ports a tenant's live allocations hold now, by leaf and port. */
  public List<TenantPortRow> tenantPorts(long tenantId) {
    return jdbc.query(
        "SELECT a.id, a.status, g.id, g.server, g.leaf, g.port FROM allocations a"
            + " JOIN allocation_gpus m ON m.allocation_id = a.id JOIN gpus g ON g.id = m.gpu_id"
            + " WHERE a.tenant_id = ? AND a.status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')"
            + " ORDER BY g.leaf, g.id",
        (rs, n) ->
            new TenantPortRow(
                rs.getObject(1, UUID.class),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6)),
        tenantId);
  }

  /** A port a tenant's live allocation holds. */
  public record TenantPortRow(
      UUID allocation, String status, String gpu, String server, String leaf, String port) {}

  /** A switch's desired and applied generation, read fresh. */
  public Optional<long[]> generations(String switchName) {
    return jdbc
        .query(
            "SELECT desired_generation, applied_generation FROM switches WHERE name = ?",
            (rs, n) -> new long[] {rs.getLong(1), rs.getLong(2)},
            switchName)
        .stream()
        .findFirst();
  }

  /** Forgets finished audits requested before {@code before}. */
  public int prune(Instant before) {
    return jdbc.update(
        "DELETE FROM isolation_audits WHERE finished_at IS NOT NULL AND requested_at < ?",
        Timestamp.from(before));
  }

  /**
   * The id and hash of the latest audit event of {@code action} for a tenant: read in the
   * transaction that appended it, it is that event (the chain trigger serialises appends).
   */
  public Optional<EventRef> latestEvent(String action, long tenantId) {
    return jdbc
        .query(
            "SELECT id, hash FROM audit_events WHERE action = ? AND tenant_id = ?"
                + " ORDER BY id DESC LIMIT 1",
            (rs, n) -> new EventRef(rs.getLong(1), rs.getString(2)),
            action,
            tenantId)
        .stream()
        .findFirst();
  }

  /** An audit-trail event, by id and hash: a receipt. */
  public record EventRef(long id, String hash) {}

  private void notifyDone(UUID id) {
    jdbc.queryForObject("SELECT pg_notify(?, ?)::text", String.class, DONE_CHANNEL, id.toString());
  }

  private static String prefixed() {
    return Arrays.stream(COLUMNS.split(", "))
        .map(c -> "a." + c.strip())
        .reduce((x, y) -> x + ", " + y)
        .orElseThrow();
  }

  private static IsolationAuditRow row(ResultSet rs) throws SQLException {
    return new IsolationAuditRow(
        rs.getObject(1, UUID.class),
        rs.getString(2),
        texts(rs.getArray(3)),
        rs.getString(4),
        rs.getTimestamp(5).toInstant(),
        instant(rs.getTimestamp(6)),
        instant(rs.getTimestamp(7)),
        rs.getString(8),
        rs.getString(9),
        rs.getString(10),
        texts(rs.getArray(11)),
        texts(rs.getArray(12)),
        rs.getString(13));
  }

  private static List<String> texts(Array a) throws SQLException {
    return a == null ? null : List.of((String[]) a.getArray());
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
