package io.tenantfabric.db.provisioning;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * What each allocation waits for, set-based SQL through {@link JdbcTemplate}: the desired
 * generation an intent change raises on its switches, the generation each allocation needs on each
 * of them, the notifications that wake the provisioners and the waiters, and the fabric lock a
 * provisioner transaction takes against intent changes. Callers own the transactions.
 */
@Repository
public class IntentGenerations {

  /** Channel notified (without payload) whenever intent changed and a switch may be pending. */
  public static final String INTENT_CHANNEL = "tenant_fabric_intent";

  /** Channel notified with an allocation id whenever that allocation changed status. */
  public static final String ALLOCATION_CHANNEL = "tenant_fabric_allocation";

  private final JdbcTemplate jdbc;

  IntentGenerations(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

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
}
