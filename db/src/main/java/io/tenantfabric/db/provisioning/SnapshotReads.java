package io.tenantfabric.db.provisioning;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The rows a batch compiles from, read set-based through {@link JdbcTemplate}: the managed and the
 * pending switches with their inventory, the live tenants' pools, the allocations bound on leaves,
 * and the switches' stored configs. Callers own the (read-only) transaction.
 */
@Repository
public class SnapshotReads {

  private static final String SWITCH_COLUMNS =
      "name, role, host, port, username, password, host_key_sha256, desired_generation,"
          + " applied_generation, state";

  /** Whether a fabric operation holds switch {@code s} and keeps it out of batches. */
  private static final String HELD_OUT =
      "EXISTS (SELECT 1 FROM fabric_operation_switches h"
          + " WHERE h.switch_name = s.name AND h.held AND NOT h.admits_batches)";

  private final JdbcTemplate jdbc;

  SnapshotReads(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Every managed switch (with an inventory entry), pending or not. */
  public List<PendingSwitch> managedSwitches() {
    return jdbc.query(
        "SELECT " + SWITCH_COLUMNS + " FROM switches WHERE host IS NOT NULL ORDER BY name",
        (rs, n) -> pendingSwitch(rs));
  }

  /**
   * Managed switches whose intent is ahead of what they applied and whose day-0 configuration was
   * found there: a switch never checked, or {@code NOT_READY}, is left out ({@link #awaitingDay0}),
   * and so is one a fabric operation holds out of batches (a replaced switch, until it proved who
   * it is and that its day-0 is there).
   */
  public List<PendingSwitch> pendingSwitches() {
    return jdbc.query(
        "SELECT "
            + SWITCH_COLUMNS
            + " FROM switches s WHERE host IS NOT NULL AND desired_generation > applied_generation"
            + " AND day0_checked_at IS NOT NULL AND state <> 'NOT_READY' AND NOT "
            + HELD_OUT
            + " ORDER BY name",
        (rs, n) -> pendingSwitch(rs));
  }

  /**
   * Managed switches with intent to apply whose day-0 configuration must be checked first: never
   * checked (a switch being onboarded, or one whose inventory now names another device), or {@code
   * NOT_READY}; not one a fabric operation holds out of batches (the operation checks it).
   */
  public List<PendingSwitch> awaitingDay0() {
    return jdbc.query(
        "SELECT "
            + SWITCH_COLUMNS
            + " FROM switches s WHERE host IS NOT NULL AND desired_generation > applied_generation"
            + " AND (day0_checked_at IS NULL OR state = 'NOT_READY') AND NOT "
            + HELD_OUT
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

  private static List<String> texts(ResultSet rs) throws SQLException {
    Array a = rs.getArray(3);
    return Arrays.asList((String[]) a.getArray());
  }
}
