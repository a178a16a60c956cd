package io.tenantfabric.db.operation;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Fabric operations and the switches they hold; callers own the transactions. Every change of an
 * operation's state or step notifies {@link #CHANGED_CHANNEL} with its id at commit (its waiters
 * re-read it); a new operation also notifies {@link #REQUESTED_CHANNEL} (the leader runs it).
 */
@Repository
public class FabricOperationStore {

  /** Channel notified (without payload) when an operation is stored: the leader runs it. */
  public static final String REQUESTED_CHANNEL = "tenant_fabric_operation";

  /** Channel notified with an operation's id whenever its state or step changes. */
  public static final String CHANGED_CHANNEL = "tenant_fabric_operation_changed";

  /** The states an operation never leaves. */
  public static final Set<String> FINAL = Set.of("DONE", "FAILED", "CANCELLED");

  private static final String COLUMNS =
      "o.id, o.kind, o.state, o.step, o.waiting_for::text, o.error, o.request::text,"
          + " o.progress::text, o.actor, o.created_at, o.updated_at, o.finished_at,"
          + " ARRAY(SELECT h.switch_name FROM fabric_operation_switches h"
          + " WHERE h.operation_id = o.id ORDER BY h.switch_name), o.cancel_requested";

  private final JdbcTemplate jdbc;

  FabricOperationStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Stores a new operation holding {@code switches} and wakes the leader at commit. A switch that
   * another open operation holds makes the insert fail (the partial unique index): callers look
   * first with {@link #holder}, under the fabric lock, to refuse with its name.
   */
  public void insert(
      UUID id,
      String kind,
      String state,
      String step,
      String requestJson,
      String actor,
      Instant now,
      Collection<String> switches) {
    Timestamp at = Timestamp.from(now);
    jdbc.update(
        "INSERT INTO fabric_operations (id, kind, state, step, request, actor, created_at,"
            + " updated_at) VALUES (?, ?, ?, ?, CAST(? AS jsonb), ?, ?, ?)",
        id,
        kind,
        state,
        step,
        requestJson,
        actor,
        at,
        at);
    jdbc.update(
        "INSERT INTO fabric_operation_switches (operation_id, switch_name, held)"
            + " SELECT ?, name, true FROM unnest(?::text[]) AS s(name)",
        ps -> {
          ps.setObject(1, id);
          ps.setArray(2, ps.getConnection().createArrayOf("text", switches.toArray()));
        });
    jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, REQUESTED_CHANNEL);
    notifyChanged(id);
  }

  /**
   * Holds {@code switches} for the open operation {@code id} (a growth, as it adds them to the
   * fabric or moves their cables); a switch it holds already stays as it is. Another open operation
   * holding one makes this fail (the partial unique index): callers look first with {@link
   * #holder}.
   */
  public void hold(UUID id, Collection<String> switches) {
    jdbc.update(
        "INSERT INTO fabric_operation_switches (operation_id, switch_name, held)"
            + " SELECT ?, name, true FROM unnest(?::text[]) AS s(name)"
            + " ON CONFLICT (operation_id, switch_name) DO UPDATE SET held = true"
            + " WHERE NOT fabric_operation_switches.held",
        ps -> {
          ps.setObject(1, id);
          ps.setArray(2, ps.getConnection().createArrayOf("text", switches.toArray()));
        });
  }

  /** Gives {@code switchName} back from the open operation {@code id} before it ends. */
  public void release(UUID id, String switchName) {
    jdbc.update(
        "UPDATE fabric_operation_switches SET held = false, admits_batches = false"
            + " WHERE operation_id = ? AND switch_name = ? AND held",
        id,
        switchName);
  }

  /** Starts a PLANNED operation; false when it is not PLANNED (any more). Wakes the leader. */
  public boolean start(UUID id, String step, Instant now) {
    int changed =
        jdbc.update(
            "UPDATE fabric_operations SET state = 'RUNNING', step = ?, updated_at = ?"
                + " WHERE id = ? AND state = 'PLANNED'",
            step,
            Timestamp.from(now),
            id);
    if (changed == 1) {
      jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, REQUESTED_CHANNEL);
      notifyChanged(id);
    }
    return changed == 1;
  }

  /**
   * Cancels operation {@code id}: a PLANNED one ends CANCELLED at once (true); an applying one is
   * asked to stop before its next step (false; the leader ends it there). Wakes the leader.
   */
  public boolean cancel(UUID id, Instant now) {
    Timestamp at = Timestamp.from(now);
    int ended =
        jdbc.update(
            "UPDATE fabric_operations SET state = 'CANCELLED', updated_at = ?, finished_at = ?,"
                + " cancel_requested = true WHERE id = ? AND state = 'PLANNED'",
            at,
            at,
            id);
    if (ended == 0) {
      jdbc.update(
          "UPDATE fabric_operations SET cancel_requested = true, updated_at = ?"
              + " WHERE id = ? AND state IN ('RUNNING', 'WAITING')",
          at,
          id);
    }
    jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, REQUESTED_CHANNEL);
    notifyChanged(id);
    return ended == 1;
  }

  /** The open (PLANNED, RUNNING or WAITING) operation of {@code kind}, oldest first. */
  public List<FabricOperationRow> open(String kind) {
    return jdbc.query(
        "SELECT "
            + COLUMNS
            + " FROM fabric_operations o WHERE o.kind = ?"
            + " AND o.state IN ('PLANNED', 'RUNNING', 'WAITING') ORDER BY o.created_at, o.id",
        (rs, n) -> row(rs),
        kind);
  }

  /** Wakes the leader at commit: something an open operation waits for may have come. */
  public void wake() {
    jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, REQUESTED_CHANNEL);
  }

  /** The open operation that holds {@code switchName}, if one does. */
  public Optional<UUID> holder(String switchName) {
    return jdbc
        .queryForList(
            "SELECT operation_id FROM fabric_operation_switches WHERE switch_name = ? AND held",
            UUID.class,
            switchName)
        .stream()
        .findFirst();
  }

  /** The switches an open operation holds. */
  public Set<String> heldSwitches() {
    return new TreeSet<>(
        jdbc.queryForList(
            "SELECT switch_name FROM fabric_operation_switches WHERE held", String.class));
  }

  public Optional<FabricOperationRow> find(UUID id) {
    return jdbc
        .query(
            "SELECT " + COLUMNS + " FROM fabric_operations o WHERE o.id = ?",
            (rs, n) -> row(rs),
            id)
        .stream()
        .findFirst();
  }

  /** The operations of {@code ids} that exist, in no order. */
  public List<FabricOperationRow> findAll(Collection<UUID> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    return jdbc.query(
        "SELECT " + COLUMNS + " FROM fabric_operations o WHERE o.id = ANY (?)",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("uuid", ids.toArray())),
        (rs, n) -> row(rs));
  }

  /** When the operation {@code id} was created (the position of a page's cursor). */
  public Optional<Instant> createdAt(UUID id) {
    return jdbc
        .queryForList("SELECT created_at FROM fabric_operations WHERE id = ?", Timestamp.class, id)
        .stream()
        .findFirst()
        .map(Timestamp::toInstant);
  }

  /**
   * At most {@code limit} operations, newest first, of the state and kind asked for (null: any),
   * created before the operation at {@code after} (created at {@code afterCreatedAt}); all of them
   * from the newest when {@code after} is null.
   */
  public List<FabricOperationRow> page(
      String state, String kind, UUID after, Instant afterCreatedAt, int limit) {
    List<Object> args = new ArrayList<>();
    StringBuilder where = new StringBuilder(" WHERE true");
    if (state != null) {
      where.append(" AND o.state = ?");
      args.add(state);
    }
    if (kind != null) {
      where.append(" AND o.kind = ?");
      args.add(kind);
    }
    if (after != null) {
      where.append(" AND (o.created_at, o.id) < (?, ?)");
      args.add(Timestamp.from(afterCreatedAt));
      args.add(after);
    }
    args.add(limit);
    return jdbc.query(
        "SELECT "
            + COLUMNS
            + " FROM fabric_operations o"
            + where
            + " ORDER BY o.created_at DESC, o.id DESC LIMIT ?",
        (rs, n) -> row(rs),
        args.toArray());
  }

  /** The operations the leader runs (RUNNING or WAITING), oldest first. */
  public List<FabricOperationRow> running() {
    return jdbc.query(
        "SELECT "
            + COLUMNS
            + " FROM fabric_operations o WHERE o.state IN ('RUNNING', 'WAITING')"
            + " ORDER BY o.created_at, o.id",
        (rs, n) -> row(rs));
  }

  /**
   * Stores what a step left; a final state also records when the operation ended and releases its
   * switches (to the batches and the reconciler alike). Waiters hear of it at commit. Only an open
   * operation changes: returns false, changing nothing, for one that ended already.
   */
  public boolean record(OperationChange c, Instant now) {
    Timestamp at = Timestamp.from(now);
    int changed =
        jdbc.update(
            "UPDATE fabric_operations SET state = ?, step = ?, waiting_for = CAST(? AS jsonb),"
                + " error = ?, progress = CAST(? AS jsonb), updated_at = ?,"
                + " finished_at = CAST(? AS timestamptz)"
                + " WHERE id = ? AND state NOT IN ('DONE', 'FAILED', 'CANCELLED')",
            c.state(),
            c.step(),
            c.waitingForJson(),
            c.error(),
            c.progressJson(),
            at,
            c.finished() ? at : null,
            c.id());
    if (changed == 0) {
      return false;
    }
    if (c.finished()) {
      jdbc.update(
          "UPDATE fabric_operation_switches SET held = false, admits_batches = false"
              + " WHERE operation_id = ? AND held",
          c.id());
    }
    notifyChanged(c.id());
    return true;
  }

  /**
   * Lets the provisioner's batches change {@code switchName}, which operation {@code id} holds (a
   * replace, for the push of the switch's whole configuration).
   */
  public void admitBatches(UUID id, String switchName) {
    jdbc.update(
        "UPDATE fabric_operation_switches SET admits_batches = true"
            + " WHERE operation_id = ? AND switch_name = ? AND held AND NOT admits_batches",
        id,
        switchName);
  }

  /**
   * Locks the switch row (in the order intent changes lock switch rows: after the fabric row) and
   * returns who its inventory says it is; empty for an unknown switch.
   */
  public Optional<PinnedIdentity> lockIdentity(String switchName) {
    return jdbc
        .query(
            "SELECT host IS NOT NULL, host_key_sha256, serial_number FROM switches"
                + " WHERE name = ? FOR NO KEY UPDATE",
            (rs, n) -> new PinnedIdentity(rs.getBoolean(1), rs.getString(2), rs.getString(3)),
            switchName)
        .stream()
        .findFirst();
  }

  /**
   * Pins a new identity on a switch: where and as whom the southbound reaches it, the host key it
   * must show and its serial number. The one pinned before is trusted no more: a session opened
   * under it is cut at its next use, on every instance (the pools compare the stored entry).
   */
  public void pinIdentity(
      String switchName,
      String host,
      int port,
      String username,
      String password,
      String hostKeySha256,
      String serialNumber) {
    jdbc.update(
        "UPDATE switches SET host = ?, port = ?, username = ?, password = ?,"
            + " host_key_sha256 = ?, serial_number = ? WHERE name = ?",
        host,
        port,
        username,
        password,
        hostKeySha256,
        serialNumber,
        switchName);
  }

  /**
   * Has the provisioner push {@code switchName}'s whole intended configuration: its stored config
   * is marked invalid (the plan comes from a live read of what it runs) and its desired generation
   * moves on by one; returns that generation. The caller holds the fabric row first, as intent
   * changes do, and notifies the provisioner.
   */
  public long raiseForWholePush(String switchName) {
    jdbc.update("UPDATE switch_configs SET valid = false WHERE switch_name = ?", switchName);
    return jdbc.queryForObject(
        "UPDATE switches s SET desired_generation = s.desired_generation + 1 FROM (SELECT name"
            + " FROM switches WHERE name = ? FOR NO KEY UPDATE) l WHERE s.name = l.name"
            + " RETURNING s.desired_generation",
        Long.class,
        switchName);
  }

  /** How far {@code switchName} got with its intent; empty once it is gone from the fabric. */
  public Optional<PushProgress> pushProgress(String switchName) {
    return jdbc
        .query(
            "SELECT desired_generation, applied_generation, state, last_error_at,"
                + " last_error_phase, last_error FROM switches WHERE name = ?",
            (rs, n) ->
                new PushProgress(
                    rs.getLong(1),
                    rs.getLong(2),
                    rs.getString(3),
                    instant(rs.getTimestamp(4)),
                    rs.getString(5),
                    rs.getString(6)),
            switchName)
        .stream()
        .findFirst();
  }

  private void notifyChanged(UUID id) {
    jdbc.queryForObject(
        "SELECT pg_notify(?, ?)::text", String.class, CHANGED_CHANNEL, id.toString());
  }

  private static FabricOperationRow row(ResultSet rs) throws SQLException {
    Array switches = rs.getArray(13);
    return new FabricOperationRow(
        rs.getObject(1, UUID.class),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        rs.getString(6),
        rs.getString(7),
        rs.getString(8),
        rs.getString(9),
        rs.getTimestamp(10).toInstant(),
        rs.getTimestamp(11).toInstant(),
        instant(rs.getTimestamp(12)),
        Arrays.asList((String[]) switches.getArray()),
        rs.getBoolean(14));
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
