package io.tenantfabric.db.provisioning;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * What the provisioner records on each switch once it tried a change, set-based where a batch
 * records many: the generation applied and the config verified, the last error and the state, the
 * saves still due, and the allocations whose switches have all applied theirs. Callers own the
 * transactions.
 */
@Repository
public class SwitchStates {

  private final JdbcTemplate jdbc;

  SwitchStates(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
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
        // bounded as the column is (32): an over-long phase must not fail the outcome it belongs to
        phase.length() > 32 ? phase.substring(0, 32) : phase,
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
}
