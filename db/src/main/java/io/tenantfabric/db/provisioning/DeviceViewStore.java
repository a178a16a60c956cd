package io.tenantfabric.db.provisioning;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Read-only queries of the per-switch views: one switch's provisioning record (no credentials) and
 * its ports with the GPU cabled to each and the live allocation holding it. Callers own the
 * (read-only) transaction.
 */
@Repository
public class DeviceViewStore {

  private final JdbcTemplate jdbc;

  DeviceViewStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** The switch called {@code name}, or empty when the fabric has none. */
  public Optional<Device> device(String name) {
    return jdbc
        .query(
            "SELECT name, role, pod, drained, host IS NOT NULL, desired_generation,"
                + " applied_generation, serial_number, day0_checked_at, day0_gaps::text, "
                + SwitchStatus.COLUMNS
                + " FROM switches WHERE name = ?",
            (rs, n) ->
                new Device(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getInt(3),
                    rs.getBoolean(4),
                    rs.getBoolean(5),
                    rs.getLong(6),
                    rs.getLong(7),
                    rs.getString(8),
                    rs.getTimestamp(9) == null ? null : rs.getTimestamp(9).toInstant(),
                    rs.getString(10),
                    SwitchStatus.read(rs, 11)),
            name)
        .stream()
        .findFirst();
  }

  /**
   * Every port of switch {@code name} (in no particular order), with the GPU cabled to it and the
   * live allocation (PROVISIONING, ACTIVE, RELEASING) holding that GPU, if any.
   */
  public List<Port> ports(String name) {
    // the partial unique index allocation_gpus_one_live allows one live allocation per GPU
    return jdbc.query(
        "SELECT p.name, p.speed_gbps, p.purpose, g.id, g.server, g.cordoned, a.id, a.status, t.name"
            + " FROM ports p"
            + " LEFT JOIN gpus g ON g.leaf = p.switch_name AND g.port = p.name"
            + " LEFT JOIN allocation_gpus m ON m.gpu_id = g.id"
            + " AND m.allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')"
            + " LEFT JOIN allocations a ON a.id = m.allocation_id"
            + " LEFT JOIN tenants t ON t.id = a.tenant_id"
            + " WHERE p.switch_name = ?",
        (rs, n) ->
            new Port(
                rs.getString(1),
                rs.getInt(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getBoolean(6),
                rs.getObject(7, UUID.class),
                rs.getString(8),
                rs.getString(9)),
        name);
  }

  /**
   * A switch: role, pod, drain flag, whether it is {@code managed} (has an inventory entry), its
   * generations, the serial number its inventory pins (null: none), its last day-0 check (when, and
   * the gaps as a JSON array; both null before the first) and the provisioner's record of it.
   */
  public record Device(
      String name,
      String role,
      int pod,
      boolean drained,
      boolean managed,
      long desiredGeneration,
      long appliedGeneration,
      String serialNumber,
      Instant day0CheckedAt,
      String day0GapsJson,
      SwitchStatus status) {}

  /**
   * A port with its speed (Gbps) and purpose; the GPU fields are null when no GPU is cabled to it,
   * the allocation fields when no live allocation holds that GPU.
   */
  public record Port(
      String name,
      int speedGbps,
      String purpose,
      String gpu,
      String server,
      boolean cordoned,
      UUID allocation,
      String allocationStatus,
      String tenant) {}
}
