package io.tenantfabric.db.provisioning;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The record of the batches in flight, from which a new leader finishes what a stopped one left
 * open: each batch's switches with their generations and persist-ids, written before anything is
 * prepared, its state, and its close. Callers own the transactions.
 */
@Repository
public class BatchLog {

  // A batch's switches go in as three arrays (openBatch and join share them): one statement
  // whatever their number.
  private static final String INSERT_BATCH_SWITCHES =
      "INSERT INTO provisioning_batch_switches (batch_id, switch_name, generation, persist_id)"
          + " SELECT";
  private static final String BATCH_SWITCH_ROWS =
      "unnest(?::text[], ?::bigint[], ?::text[]) AS x(name, generation, persist)";

  private final JdbcTemplate jdbc;

  BatchLog(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

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
}
