package io.tenantfabric.db.provisioning;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The provisioner's reads and writes, set-based SQL through {@link JdbcTemplate}: the intent rows a
 * batch compiles from, and the state changes that end it. Callers own the transactions.
 */
@Repository
public class ProvisioningStore {

  /** Channel notified (without payload) whenever intent changed and a switch may be pending. */
  public static final String INTENT_CHANNEL = "tenant_fabric_intent";

  /** Channel notified with an allocation id whenever that allocation changed status. */
  public static final String ALLOCATION_CHANNEL = "tenant_fabric_allocation";

  private static final String SWITCH_COLUMNS =
      "name, role, host, port, username, password, host_key_sha256, desired_generation,"
          + " applied_generation, state";

  // A batch's switches go in as three arrays (openBatch and join share them): one statement
  // whatever their number.
  private static final String INSERT_BATCH_SWITCHES =
      "INSERT INTO provisioning_batch_switches (batch_id, switch_name, generation, persist_id)"
          + " SELECT";
  private static final String BATCH_SWITCH_ROWS =
      "unnest(?::text[], ?::bigint[], ?::text[]) AS x(name, generation, persist)";

  private final JdbcTemplate jdbc;

  ProvisioningStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  // ---------------------------------------------------------------- intent side

  /**
   * An intent change's last step, in one statement. It counts {@code desired_generation} up by one
   * on every switch the allocations touch (the rows locked in name order first, {@code FOR NO KEY
   * UPDATE}, as {@code SwitchRepository.bumpDesiredGeneration} does) and records for each
   * allocation the generation each of its switches must reach (their desired generation now).
   *
   * <p>When one of the switches is managed, it notifies the provisioner at commit with the payload
   * {@code N:T}: the number of allocations, then the transaction's id, by which a provisioner woken
   * in-process knows the notification. Switches without an inventory entry are never pushed to, so
   * a change to them alone wakes nobody (docs/perf/idle-wake-ups.md).
   *
   * <p>Returns where each allocation's switches stand, by allocation, in switch name order, and the
   * intent version the transaction's changes left (this statement changes none of what the version
   * follows). The caller holds the fabric lock.
   */
  public Advanced advance(Map<UUID, ? extends Collection<String>> switchesByAllocation) {
    RoundTrip trip = new RoundTrip(jdbc);
    RoundTrip.Answer<Advanced> advanced = advance(switchesByAllocation, trip);
    trip.send();
    return advanced.get();
  }

  /**
   * {@link #advance}, added to {@code trip} as its last intent write: its answer is there once the
   * caller has sent the round trip.
   */
  public RoundTrip.Answer<Advanced> advance(
      Map<UUID, ? extends Collection<String>> switchesByAllocation, RoundTrip trip) {
    List<UUID> ids = new ArrayList<>();
    List<String> names = new ArrayList<>();
    switchesByAllocation.forEach(
        (id, switches) ->
            switches.forEach(
                s -> {
                  ids.add(id);
                  names.add(s);
                }));
    if (ids.isEmpty()) {
      throw new IllegalArgumentException("advance needs at least one switch");
    }
    return trip.query(
        "WITH locked AS (SELECT name FROM switches WHERE name = ANY (?::text[])"
            + " ORDER BY name FOR NO KEY UPDATE),"
            + " bumped AS (UPDATE switches s SET desired_generation = s.desired_generation + 1"
            + " FROM locked l WHERE s.name = l.name"
            + " RETURNING s.name, s.desired_generation, s.applied_generation, s.state,"
            + " s.host IS NOT NULL AS managed),"
            + " recorded AS (INSERT INTO allocation_switch_generations"
            + " (allocation_id, switch_name, generation)"
            + " SELECT a.id, b.name, b.desired_generation"
            + " FROM unnest(?::uuid[], ?::text[]) AS a(id, name) JOIN bumped b ON b.name = a.name"
            + " ON CONFLICT (allocation_id, switch_name)"
            + " DO UPDATE SET generation = excluded.generation"
            + " RETURNING allocation_id, switch_name, generation),"
            + " notified AS (SELECT x.v, x.managed, x.tx, CASE WHEN x.managed"
            + " THEN pg_notify(?, ? || ':' || x.tx) END"
            + " FROM (SELECT (SELECT version FROM intent_version WHERE id = 1) AS v,"
            + " EXISTS (SELECT 1 FROM bumped WHERE managed) AS managed, txid_current() AS tx) x)"
            + " SELECT r.allocation_id, r.switch_name, b.applied_generation < r.generation, b.state,"
            + " n.v, n.managed, n.tx FROM recorded r JOIN bumped b ON b.name = r.switch_name"
            + " CROSS JOIN notified n"
            + " ORDER BY r.allocation_id, r.switch_name",
        p ->
            p.array("text", names.stream().distinct().toList())
                .array("uuid", ids)
                .array("text", names)
                .string(INTENT_CHANNEL)
                // the number of allocations: the provisioner counts the changes back after a batch
                .string(Integer.toString(switchesByAllocation.size())),
        (ResultSet rs) -> {
          Map<UUID, List<SwitchProgress>> progress = new LinkedHashMap<>();
          long version = 0;
          long notice = -1;
          while (rs.next()) {
            progress
                .computeIfAbsent(rs.getObject(1, UUID.class), k -> new ArrayList<>())
                .add(new SwitchProgress(rs.getString(2), rs.getBoolean(3), rs.getString(4)));
            version = rs.getLong(5);
            notice = rs.getBoolean(6) ? rs.getLong(7) : -1;
          }
          return new Advanced(progress, version, notice);
        });
  }

  /**
   * What {@link #advance} did: each allocation's switch progress, the intent version left, and the
   * transaction id its notification of the provisioners carries ({@link #INTENT_CHANNEL}, payload
   * {@code N:T}: the number of allocations, then that id), or -1 when it sent none (no managed
   * switch among those it moved). The intent version would not do to tell notifications apart: a
   * release leaves it as it was.
   */
  public record Advanced(
      Map<UUID, List<SwitchProgress>> progress, long intentVersion, long notice) {

    /** Whether the provisioners were notified. */
    public boolean notified() {
      return notice >= 0;
    }
  }

  /**
   * For each of {@code allocations}, every switch it touches, whether that switch still has to
   * apply it, and its state, in switch name order; in one query (an allocation with none: an empty
   * list).
   */
  public Map<UUID, List<SwitchProgress>> progressOfAll(Collection<UUID> allocations) {
    Map<UUID, List<SwitchProgress>> out = new LinkedHashMap<>();
    allocations.forEach(a -> out.put(a, new ArrayList<>()));
    if (allocations.isEmpty()) {
      return out;
    }
    jdbc.query(
        "SELECT g.allocation_id, g.switch_name, s.applied_generation < g.generation, s.state"
            + " FROM allocation_switch_generations g JOIN switches s ON s.name = g.switch_name"
            + " WHERE g.allocation_id = ANY (?) ORDER BY g.allocation_id, g.switch_name",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("uuid", allocations.toArray())),
        (ResultSet rs) -> {
          out.get(rs.getObject(1, UUID.class))
              .add(new SwitchProgress(rs.getString(2), rs.getBoolean(3), rs.getString(4)));
        });
    return out;
  }

  /** Every switch an allocation touches, from its recorded generations. */
  public List<String> switchesOf(UUID allocation) {
    return jdbc.queryForList(
        "SELECT switch_name FROM allocation_switch_generations WHERE allocation_id = ?"
            + " ORDER BY switch_name",
        String.class,
        allocation);
  }

  /** Tells every instance (and the provisioner) that intent changed; delivered at commit. */
  public void notifyIntent() {
    jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, INTENT_CHANNEL);
  }

  /** Tells every instance that an allocation changed status; delivered at commit. */
  public void notifyAllocation(UUID allocation) {
    notifyAllocations(List.of(allocation));
  }

  /** As {@link #notifyAllocation}, for each of {@code allocations}, in one statement. */
  public void notifyAllocations(List<UUID> allocations) {
    RoundTrip trip = new RoundTrip(jdbc);
    notifyAllocations(allocations, trip);
    trip.send();
  }

  /** {@link #notifyAllocations(List)}, added to {@code trip} (nothing when there are none). */
  public void notifyAllocations(List<UUID> allocations, RoundTrip trip) {
    if (allocations.isEmpty()) {
      return;
    }
    trip.query(
        "SELECT pg_notify(?, id) FROM unnest(?::text[]) AS a(id)",
        p ->
            p.string(ALLOCATION_CHANNEL)
                .array("text", allocations.stream().map(UUID::toString).toList()),
        rs -> null);
  }

  // ---------------------------------------------------------------- snapshot side

  /** Every managed switch (with an inventory entry), pending or not. */
  public List<PendingSwitch> managedSwitches() {
    return jdbc.query(
        "SELECT " + SWITCH_COLUMNS + " FROM switches WHERE host IS NOT NULL ORDER BY name",
        (rs, n) -> pendingSwitch(rs));
  }

  /** Managed switches whose intent is ahead of what they applied. */
  public List<PendingSwitch> pendingSwitches() {
    return jdbc.query(
        "SELECT "
            + SWITCH_COLUMNS
            + " FROM switches WHERE host IS NOT NULL AND desired_generation > applied_generation"
            + " ORDER BY name",
        (rs, n) -> pendingSwitch(rs));
  }

  /** The stored configs of {@code switches} (absent ones were never verified). */
  public Map<String, StoredConfig> configs(Collection<String> switches) {
    Map<String, StoredConfig> found = new LinkedHashMap<>();
    if (switches.isEmpty()) {
      return found;
    }
    jdbc.query(
        "SELECT switch_name, generation, config, valid, verified_at FROM switch_configs"
            + " WHERE switch_name = ANY (?)",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", switches.toArray())),
        rs -> {
          found.put(
              rs.getString(1),
              new StoredConfig(
                  rs.getString(1),
                  rs.getLong(2),
                  rs.getString(3),
                  rs.getBoolean(4),
                  rs.getTimestamp(5).toInstant()));
        });
    return found;
  }

  /** Live tenants that hold a VNI and a prefix. */
  public List<TenantPoolRow> tenantsWithPools() {
    return jdbc.query(
        "SELECT id, name, vni, prefix FROM tenants WHERE status = 'LIVE' AND vni IS NOT NULL"
            + " ORDER BY name",
        (rs, n) ->
            new TenantPoolRow(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4)));
  }

  /** Allocations whose ports must be bound: PROVISIONING and ACTIVE, with their GPUs. */
  public List<BoundAllocationRow> boundAllocations() {
    return jdbc.query(
        "SELECT a.id, t.name, array_agg(m.gpu_id ORDER BY m.gpu_id) FROM allocations a"
            + " JOIN tenants t ON t.id = a.tenant_id"
            + " JOIN allocation_gpus m ON m.allocation_id = a.id"
            + " WHERE a.status IN ('PROVISIONING', 'ACTIVE') GROUP BY a.id, t.name ORDER BY a.id",
        (rs, n) -> new BoundAllocationRow(rs.getObject(1, UUID.class), rs.getString(2), texts(rs)));
  }

  /**
   * The live tenants named in {@code names} that have their pools, by name: what the allocations of
   * {@link #boundAllocationsOn} belong to.
   */
  public List<TenantPoolRow> tenantsWithPools(Collection<String> names) {
    if (names.isEmpty()) {
      return List.of();
    }
    return jdbc.query(
        "SELECT id, name, vni, prefix FROM tenants WHERE status = 'LIVE' AND vni IS NOT NULL"
            + " AND name = ANY (?) ORDER BY name",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", names.toArray())),
        (rs, n) ->
            new TenantPoolRow(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4)));
  }

  /**
   * As {@link #boundAllocations}, only those with a GPU on one of {@code leaves} (each with all its
   * GPUs): all a leaf's compiled config depends on, so a batch of a few switches reads a few rows
   * rather than every allocation of the fabric.
   */
  public List<BoundAllocationRow> boundAllocationsOn(Collection<String> leaves) {
    if (leaves.isEmpty()) {
      return List.of();
    }
    return jdbc.query(
        "SELECT a.id, t.name, array_agg(m.gpu_id ORDER BY m.gpu_id) FROM allocations a"
            + " JOIN tenants t ON t.id = a.tenant_id"
            + " JOIN allocation_gpus m ON m.allocation_id = a.id"
            + " WHERE a.status IN ('PROVISIONING', 'ACTIVE') AND a.id IN ("
            + "  SELECT b.allocation_id FROM gpus g JOIN allocation_gpus b ON b.gpu_id = g.id"
            + "  WHERE g.leaf = ANY (?) AND b.allocation_status IN ('PROVISIONING', 'ACTIVE'))"
            + " GROUP BY a.id, t.name ORDER BY a.id",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", leaves.toArray())),
        (rs, n) -> new BoundAllocationRow(rs.getObject(1, UUID.class), rs.getString(2), texts(rs)));
  }

  /**
   * PROVISIONING allocations that wait for {@code switchName} (their generation there is above what
   * it applied), oldest first.
   */
  public List<UUID> provisioningWaitingOn(String switchName) {
    return jdbc.queryForList(
        "SELECT a.id FROM allocations a"
            + " JOIN allocation_switch_generations g ON g.allocation_id = a.id"
            + " JOIN switches s ON s.name = g.switch_name"
            + " WHERE a.status = 'PROVISIONING' AND g.switch_name = ?"
            + " AND g.generation > s.applied_generation ORDER BY a.created_at, a.id",
        UUID.class,
        switchName);
  }

  // ---------------------------------------------------------------- batch side

  /**
   * Records a batch about to be prepared (state PREPARING) with its switches; returns its id. One
   * statement: it runs on the provisioner's serial path before every batch.
   */
  public long openBatch(List<BatchSwitch> switches, Instant now) {
    RoundTrip trip = new RoundTrip(jdbc);
    RoundTrip.Answer<Long> id =
        trip.query(
            "WITH b AS (INSERT INTO provisioning_batches (state, started_at)"
                + " VALUES ('PREPARING', ?) RETURNING id),"
                + " s AS ("
                + INSERT_BATCH_SWITCHES
                + " b.id, x.name, x.generation, x.persist FROM b, "
                + BATCH_SWITCH_ROWS
                + ") SELECT id FROM b",
            p -> batchSwitches(p.object(Timestamp.from(now), Types.TIMESTAMP), switches),
            (ResultSet rs) -> {
              rs.next();
              return rs.getLong(1);
            });
    trip.send();
    return id.get();
  }

  /** Adds switches to a batch being prepared (before anything is edited on them). */
  public void join(long batch, List<BatchSwitch> switches) {
    if (switches.isEmpty()) {
      return;
    }
    RoundTrip trip = new RoundTrip(jdbc);
    trip.update(
        INSERT_BATCH_SWITCHES + " ?, x.name, x.generation, x.persist FROM " + BATCH_SWITCH_ROWS,
        p -> batchSwitches(p.object(batch, Types.BIGINT), switches),
        RoundTrip.expecting(switches.size(), "switches joined"));
    trip.send();
  }

  private static RoundTrip.Parameters batchSwitches(
      RoundTrip.Parameters p, List<BatchSwitch> switches) {
    return p.array("text", switches.stream().map(BatchSwitch::switchName).toList())
        .array("bigint", switches.stream().map(BatchSwitch::generation).toList())
        // null where the switch takes a save-point (Stream.toList keeps nulls)
        .array("text", switches.stream().map(BatchSwitch::persistIdBase).toList());
  }

  /**
   * Records that a batch brings these of its switches to a newer generation than it opened with
   * (intent taken in once the switches were held); their persist-ids stay as recorded.
   */
  public void retarget(long batch, List<BatchSwitch> switches) {
    if (switches.isEmpty()) {
      return;
    }
    jdbc.batchUpdate(
        "UPDATE provisioning_batch_switches SET generation = ? WHERE batch_id = ?"
            + " AND switch_name = ?",
        switches,
        switches.size(),
        (ps, s) -> {
          ps.setLong(1, s.generation());
          ps.setLong(2, batch);
          ps.setString(3, s.switchName());
        });
  }

  /** Marks a prepared batch as confirming (before its first confirm). */
  public void markConfirming(long batch) {
    jdbc.update(
        "UPDATE provisioning_batches SET state = 'CONFIRMING' WHERE id = ? AND state = 'PREPARING'",
        batch);
  }

  /** Marks one switch of a batch confirmed. */
  public void markConfirmed(long batch, String switchName) {
    jdbc.update(
        "UPDATE provisioning_batch_switches SET confirmed = true WHERE batch_id = ?"
            + " AND switch_name = ?",
        batch,
        switchName);
  }

  /** Closes an open batch as {@code DONE}, {@code ABORTED} or {@code RECOVERED}. */
  public void closeBatch(long batch, String state, Instant now) {
    RoundTrip trip = new RoundTrip(jdbc);
    closeBatch(batch, state, now, trip);
    trip.send();
  }

  /** {@link #closeBatch(long, String, Instant)}, added to {@code trip}. */
  public void closeBatch(long batch, String state, Instant now, RoundTrip trip) {
    trip.update(
        "UPDATE provisioning_batches SET state = ?, finished_at = ? WHERE id = ?"
            + " AND state IN ('PREPARING', 'CONFIRMING')",
        p ->
            p.string(state)
                .object(Timestamp.from(now), Types.TIMESTAMP)
                .object(batch, Types.BIGINT),
        changed -> {});
  }

  /** Batches a stopped process left open ({@code PREPARING} or {@code CONFIRMING}). */
  public List<OpenBatch> openBatches() {
    List<OpenBatch> open = new ArrayList<>();
    for (Long id :
        jdbc.queryForList(
            "SELECT id FROM provisioning_batches WHERE state IN ('PREPARING', 'CONFIRMING')"
                + " ORDER BY id",
            Long.class)) {
      List<BatchSwitch> switches = new ArrayList<>();
      List<String> confirmed = new ArrayList<>();
      jdbc.query(
          "SELECT switch_name, generation, persist_id, confirmed FROM provisioning_batch_switches"
              + " WHERE batch_id = ? ORDER BY switch_name",
          rs -> {
            switches.add(new BatchSwitch(rs.getString(1), rs.getLong(2), rs.getString(3)));
            if (rs.getBoolean(4)) {
              confirmed.add(rs.getString(1));
            }
          },
          id);
      open.add(new OpenBatch(id, switches, confirmed));
    }
    return open;
  }

  /**
   * Takes the fabric row {@code FOR UPDATE}, first in a provisioner transaction that writes several
   * switch rows, switch rows and audit events, or allocations' status. Intent changes take it first
   * too, then switch rows, then the audit chain's lock; without this a batch outcome holding the
   * chain lock (its first audit event) and waiting for a switch row an allocation had bumped would
   * deadlock with that allocation waiting for the chain lock. Not {@code FOR SHARE}: a released
   * allocation moves the row's intent version (V9), and upgrading a shared row lock while an intent
   * change waits for it deadlocks as well.
   */
  public void lockAgainstIntentChanges() {
    RoundTrip trip = new RoundTrip(jdbc);
    lockAgainstIntentChanges(trip);
    trip.send();
  }

  /** {@link #lockAgainstIntentChanges()}, added to {@code trip}: first, as the lock order asks. */
  public void lockAgainstIntentChanges(RoundTrip trip) {
    trip.query("SELECT 1 FROM fabric FOR UPDATE", p -> {}, rs -> null);
  }

  /**
   * Records verified changes: each switch applied its generation (only ever rises), is in sync, and
   * its config read back is stored as the one to diff against, unless one of a later generation is
   * stored already (a fenced-off leader finishing late must not overwrite it); its last error stays
   * for the record (the state says it is over). Two statements added to {@code trip} whatever the
   * number of switches, so that recording a wide batch does not cost a statement per switch; the
   * switch rows locked in name order as intent changes lock them; one change per switch.
   */
  public void recordApplied(List<AppliedChange> changes, Instant now, RoundTrip trip) {
    Timestamp at = Timestamp.from(now);
    List<String> names = changes.stream().map(AppliedChange::switchName).toList();
    List<Long> generations = changes.stream().map(AppliedChange::generation).toList();
    trip.update(
        "WITH c AS (SELECT * FROM unnest(?::text[], ?::bigint[]) AS c(name, generation)),"
            + " locked AS (SELECT s.name FROM switches s JOIN c ON c.name = s.name"
            + " ORDER BY s.name FOR NO KEY UPDATE OF s)"
            + " UPDATE switches s SET applied_generation = c.generation, state = 'IN_SYNC',"
            + " last_verified_at = ?, last_confirmed_at = ?,"
            + " unsaved_since = coalesce(s.unsaved_since, ?), drift_since = NULL"
            + " FROM c JOIN locked l ON l.name = c.name"
            + " WHERE s.name = c.name AND s.applied_generation < c.generation"
            + " AND s.desired_generation >= c.generation",
        p ->
            p.array("text", names)
                .array("bigint", generations)
                .object(at, Types.TIMESTAMP)
                .object(at, Types.TIMESTAMP)
                .object(at, Types.TIMESTAMP),
        changed -> {});
    trip.update(
        "INSERT INTO switch_configs (switch_name, generation, config, valid, verified_at)"
            + " SELECT c.name, c.generation, c.config, true, ?"
            + " FROM unnest(?::text[], ?::bigint[], ?::text[]) AS c(name, generation, config)"
            + " ORDER BY c.name"
            + " ON CONFLICT (switch_name) DO UPDATE SET"
            + " generation = excluded.generation, config = excluded.config, valid = true,"
            + " verified_at = excluded.verified_at"
            + " WHERE switch_configs.generation <= excluded.generation",
        p ->
            p.object(at, Types.TIMESTAMP)
                .array("text", names)
                .array("bigint", generations)
                .array("text", changes.stream().map(AppliedChange::configJson).toList()),
        changed -> {});
  }

  /** Marks a stored config untrustworthy: it is re-read from the switch before the next diff. */
  public void invalidateConfig(String switchName) {
    jdbc.update("UPDATE switch_configs SET valid = false WHERE switch_name = ?", switchName);
  }

  /** Records why a switch could not be changed, and the state it is in now. */
  public void recordError(
      String switchName, String state, String phase, String message, Instant now) {
    jdbc.update(
        "UPDATE switches SET state = ?, last_error_at = ?, last_error_phase = ?, last_error = ?"
            + " WHERE name = ?",
        state,
        Timestamp.from(now),
        phase,
        message.length() > 4000 ? message.substring(0, 3997) + "..." : message,
        switchName);
  }

  /** Sets a switch's state without touching its last error. */
  public void setState(String switchName, String state) {
    jdbc.update("UPDATE switches SET state = ? WHERE name = ?", state, switchName);
  }

  /**
   * Moves every PROVISIONING allocation whose switches all applied its generation to ACTIVE, and
   * every RELEASING one to RELEASED (its GPUs become placeable only now): two statements added to
   * {@code trip}; the moved allocations are there once it has been sent.
   */
  public Supplier<List<AllocationTransition>> completeAllocations(Instant now, RoundTrip trip) {
    Timestamp at = Timestamp.from(now);
    List<RoundTrip.Answer<List<AllocationTransition>>> moved = new ArrayList<>();
    for (String[] move : new String[][] {{"PROVISIONING", "ACTIVE"}, {"RELEASING", "RELEASED"}}) {
      moved.add(
          trip.query(
              "UPDATE allocations a SET status = ?, updated_at = greatest(a.created_at, ?),"
                  + " version = a.version + 1 FROM tenants t"
                  + " WHERE t.id = a.tenant_id AND a.status = ? AND NOT EXISTS (SELECT 1 FROM"
                  + " allocation_switch_generations g JOIN switches s ON s.name = g.switch_name"
                  + " WHERE g.allocation_id = a.id AND s.applied_generation < g.generation)"
                  + " RETURNING a.id, t.id, t.name, a.created_at",
              p -> p.string(move[1]).object(at, Types.TIMESTAMP).string(move[0]),
              (ResultSet rs) -> {
                List<AllocationTransition> done = new ArrayList<>();
                while (rs.next()) {
                  done.add(
                      new AllocationTransition(
                          rs.getObject(1, UUID.class),
                          rs.getLong(2),
                          rs.getString(3),
                          move[1],
                          rs.getTimestamp(4).toInstant()));
                }
                return done;
              }));
    }
    return () -> moved.stream().flatMap(a -> a.get().stream()).toList();
  }

  /** The provisioner's record of every switch, by name. */
  public Map<String, SwitchStatus> statuses() {
    Map<String, SwitchStatus> out = new LinkedHashMap<>();
    jdbc.query(
        "SELECT " + SwitchStatus.COLUMNS + " FROM switches ORDER BY name",
        rs -> {
          out.put(rs.getString(1), SwitchStatus.read(rs, 1));
        });
    return out;
  }

  /** Managed switches changed since their last save, and since when, oldest first. */
  public Map<String, Instant> unsavedSince() {
    Map<String, Instant> unsaved = new LinkedHashMap<>();
    jdbc.query(
        "SELECT name, unsaved_since FROM switches WHERE unsaved_since IS NOT NULL"
            + " AND host IS NOT NULL ORDER BY unsaved_since, name",
        rs -> {
          unsaved.put(rs.getString(1), rs.getTimestamp(2).toInstant());
        });
    return unsaved;
  }

  /** Clears {@code unsaved_since} when no change was confirmed after the save started. */
  public boolean clearUnsaved(String switchName, Instant saveStartedAt) {
    return jdbc.update(
            "UPDATE switches SET unsaved_since = NULL WHERE name = ?"
                + " AND (last_confirmed_at IS NULL OR last_confirmed_at <= ?)",
            switchName,
            Timestamp.from(saveStartedAt))
        == 1;
  }

  private static PendingSwitch pendingSwitch(ResultSet rs) throws SQLException {
    return new PendingSwitch(
        rs.getString(1),
        rs.getString(2),
        rs.getString(3),
        rs.getInt(4),
        rs.getString(5),
        rs.getString(6),
        rs.getString(7),
        rs.getLong(8),
        rs.getLong(9),
        rs.getString(10));
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }

  private static List<String> texts(ResultSet rs) throws SQLException {
    Array a = rs.getArray(3);
    return Arrays.asList((String[]) a.getArray());
  }
}
