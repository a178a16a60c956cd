package io.tenantfabric.db.lifecycle;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Each switch's day-0 verdict on its row ({@code day0_checked_at}, {@code day0_gaps}) and the state
 * it puts the switch in: {@code NOT_READY} while anything is missing; back to {@code PENDING} with
 * its intent to be pushed again once nothing is. Callers own the transactions and take the fabric
 * lock first: a change into or out of {@code NOT_READY} moves the intent version, as intent changes
 * do.
 */
@Repository
public class Day0Records {

  private final JdbcTemplate jdbc;

  Day0Records(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Records a check of {@code switchName} at {@code at} that found {@code gapsJson} (a JSON array,
   * {@code []} when ready): {@code NOT_READY} unless ready; a ready switch that was {@code
   * NOT_READY} becomes {@code PENDING}, the rest keep their state. Returns the state before, empty
   * when there is no such switch.
   */
  public Optional<String> record(String switchName, boolean ready, String gapsJson, Instant at) {
    List<String> before =
        jdbc.queryForList(
            "UPDATE switches s SET day0_checked_at = ?, day0_gaps = CAST(? AS jsonb),"
                + " state = CASE WHEN NOT ? THEN 'NOT_READY'"
                + " WHEN o.state = 'NOT_READY' THEN 'PENDING' ELSE o.state END"
                + " FROM (SELECT name, state FROM switches WHERE name = ? FOR NO KEY UPDATE) o"
                + " WHERE s.name = o.name RETURNING o.state",
            String.class,
            Timestamp.from(at),
            gapsJson,
            ready,
            switchName);
    return before.stream().findFirst();
  }

  /** The serial number the inventory of {@code switchName} pins, if it pins one. */
  public Optional<String> pinnedSerial(String switchName) {
    return jdbc
        .queryForList(
            "SELECT serial_number FROM switches WHERE name = ? AND serial_number IS NOT NULL",
            String.class,
            switchName)
        .stream()
        .findFirst();
  }

  /**
   * A switch that left {@code NOT_READY}: its stored config is no longer trusted (the switch may
   * have been wiped) and its desired generation moves on, so that the next batch reads it, plans
   * from what it runs and pushes its whole intent. Returns the new desired generation.
   */
  public long pushAgain(String switchName) {
    jdbc.update("UPDATE switch_configs SET valid = false WHERE switch_name = ?", switchName);
    Long generation =
        jdbc.queryForObject(
            "UPDATE switches SET desired_generation = desired_generation + 1 WHERE name = ?"
                + " RETURNING desired_generation",
            Long.class,
            switchName);
    return generation == null ? 0 : generation;
  }

  /**
   * A switch whose day-0 facts could not be read: {@code UNREACHABLE} with why, unless it is {@code
   * NOT_READY} (that state says more: it stays until a read finds day-0 there).
   */
  public void recordUnreachable(String switchName, String phase, String message, Instant now) {
    jdbc.update(
        "UPDATE switches SET state = 'UNREACHABLE', last_error_at = ?, last_error_phase = ?,"
            + " last_error = ? WHERE name = ? AND state <> 'NOT_READY'",
        Timestamp.from(now),
        phase,
        message.length() > 4000 ? message.substring(0, 3997) + "..." : message,
        switchName);
  }

  /**
   * Switches whose inventory now names another box (a new host key or serial number): their day-0
   * verdict is forgotten, their stored config distrusted and their desired generation moved on
   * (rows locked in name order, as intent changes lock them), so that the provisioner checks the
   * box's day-0 before anything else and then pushes it the whole intent, from a fresh read.
   */
  public void anotherBox(Collection<String> switchNames) {
    if (switchNames.isEmpty()) {
      return;
    }
    Object names = switchNames.toArray(String[]::new);
    jdbc.update("UPDATE switch_configs SET valid = false WHERE switch_name = ANY (?)", names);
    jdbc.update(
        "UPDATE switches s SET day0_checked_at = NULL, day0_gaps = NULL,"
            + " desired_generation = s.desired_generation + 1"
            + " FROM (SELECT name FROM switches WHERE name = ANY (?) ORDER BY name"
            + " FOR NO KEY UPDATE) l WHERE s.name = l.name",
        names);
  }
}
