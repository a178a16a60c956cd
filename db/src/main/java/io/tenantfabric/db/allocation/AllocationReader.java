package io.tenantfabric.db.allocation;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Allocations with their GPUs' places, in plain JDBC and one statement: one allocation of a live
 * tenant, what a portal polls ({@code GET .../allocations/{id}}), and the allocations a wake-up of
 * {@code ?wait=} re-reads. Through JPA the first would be four statements (the tenant, the
 * allocation, its lazy GPU ids, their places) and Hibernate's work on each, and the second three
 * (docs/perf/database-statistics.md).
 */
@Repository
public class AllocationReader {

  /** Where one GPU of an allocation is cabled. */
  public record PlacedGpu(String id, String server, String leaf, String port) {}

  /**
   * An allocation as stored, with its GPUs' places (in no particular order) and its health as the
   * database keeps it ({@code OK} or {@code DEGRADED}, the reasons a JSON array).
   */
  public record Stored(
      UUID id,
      AllocationStatus status,
      int gpuCount,
      String failureReason,
      Instant createdAt,
      Instant updatedAt,
      List<PlacedGpu> gpus,
      String health,
      String healthReasonsJson) {}

  /**
   * What the read found: the live tenant named (its id; null: no live tenant has that name) and its
   * allocation {@code id} (null: that tenant has none with this id).
   */
  public record Found(Long tenantId, Stored allocation) {}

  /** An allocation and the name of its tenant. */
  public record Named(String tenant, Stored allocation) {}

  private final JdbcTemplate jdbc;

  AllocationReader(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** The live tenant {@code tenant} and its allocation {@code id}, either possibly absent. */
  public Found ofLiveTenant(String tenant, UUID id) {
    return jdbc.query(
        "SELECT t.id, a.id, a.status, a.gpu_count, a.failure_reason, a.created_at, a.updated_at,"
            + " g.id, g.server, g.leaf, g.port, a.health, a.health_reasons::text"
            + " FROM tenants t"
            + " LEFT JOIN allocations a ON a.tenant_id = t.id AND a.id = ?"
            + " LEFT JOIN allocation_gpus m ON m.allocation_id = a.id"
            + " LEFT JOIN gpus g ON g.id = m.gpu_id"
            + " WHERE t.name = ? AND t.status = 'LIVE'",
        ps -> {
          ps.setObject(1, id);
          ps.setString(2, tenant);
        },
        (ResultSet rs) -> {
          // one row per GPU, the tenant and allocation columns repeated on each
          if (!rs.next()) {
            return new Found(null, null);
          }
          long tenantId = rs.getLong(1);
          if (rs.getObject(2) == null) {
            return new Found(tenantId, null);
          }
          Stored stored =
              new Stored(
                  rs.getObject(2, UUID.class),
                  AllocationStatus.valueOf(rs.getString(3)),
                  rs.getInt(4),
                  rs.getString(5),
                  instant(rs, 6),
                  instant(rs, 7),
                  new ArrayList<>(),
                  rs.getString(12),
                  rs.getString(13));
          do {
            if (rs.getString(8) != null) {
              stored
                  .gpus()
                  .add(
                      new PlacedGpu(
                          rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11)));
            }
          } while (rs.next());
          return new Found(tenantId, stored);
        });
  }

  /** The allocations among {@code ids} that exist, whatever their status or their tenant's. */
  public List<Named> byIds(Collection<UUID> ids) {
    List<Named> out = new ArrayList<>();
    if (ids.isEmpty()) {
      return out;
    }
    jdbc.query(
        "SELECT a.id, a.status, a.gpu_count, a.failure_reason, a.created_at, a.updated_at, t.name,"
            + " g.id, g.server, g.leaf, g.port, a.health, a.health_reasons::text"
            + " FROM allocations a JOIN tenants t ON t.id = a.tenant_id"
            + " LEFT JOIN allocation_gpus m ON m.allocation_id = a.id"
            + " LEFT JOIN gpus g ON g.id = m.gpu_id"
            + " WHERE a.id = ANY (?) ORDER BY a.id",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("uuid", ids.toArray())),
        (ResultSet rs) -> {
          // one row per GPU, ordered by allocation: a new id starts the next allocation
          Named current = null;
          while (rs.next()) {
            UUID id = rs.getObject(1, UUID.class);
            if (current == null || !current.allocation().id().equals(id)) {
              current =
                  new Named(
                      rs.getString(7),
                      new Stored(
                          id,
                          AllocationStatus.valueOf(rs.getString(2)),
                          rs.getInt(3),
                          rs.getString(4),
                          instant(rs, 5),
                          instant(rs, 6),
                          new ArrayList<>(),
                          rs.getString(12),
                          rs.getString(13)));
              out.add(current);
            }
            if (rs.getString(8) != null) {
              current
                  .allocation()
                  .gpus()
                  .add(
                      new PlacedGpu(
                          rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11)));
            }
          }
          return null;
        });
    return out;
  }

  private static Instant instant(ResultSet rs, int column) throws SQLException {
    return rs.getObject(column, OffsetDateTime.class).toInstant();
  }
}
