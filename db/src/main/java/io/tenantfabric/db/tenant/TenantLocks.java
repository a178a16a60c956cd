package io.tenantfabric.db.tenant;

import io.tenantfabric.db.allocation.AllocationStatus;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The tenant rows a group of allocations decides on, in plain JDBC: locked with their quota use in
 * one statement, and the pools given to the new ones in one more. Through JPA the same work was a
 * query translated and hydrated per group, a dirty check, and an update of every column per tenant,
 * all under the fabric lock.
 */
@Repository
public class TenantLocks {

  /** A live tenant, row-locked until commit, and the GPUs its live allocations hold. */
  public record Locked(
      long id, String name, int gpuQuota, Integer vni, String prefix, long liveGpus) {}

  /** A VNI and prefix given to a tenant that had none. */
  public record PoolAssignment(long tenantId, int vni, String prefix) {}

  private final JdbcTemplate jdbc;

  TenantLocks(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The live tenants among {@code names}, each row-locked until commit ({@code FOR NO KEY UPDATE},
   * as {@link TenantRepository#lockLive(String)} locks one), in id order, the order every writer
   * that locks several takes. With each its live GPUs ({@link AllocationStatus#LIVE}): the caller
   * holds the fabric lock, under which alone allocations are created or change status, so the sum
   * cannot move before it commits.
   */
  public List<Locked> lockLive(Collection<String> names) {
    List<Locked> out = new ArrayList<>();
    if (names.isEmpty()) {
      return out;
    }
    jdbc.query(
        "SELECT t.id, t.name, t.gpu_quota, t.vni, t.prefix,"
            + " (SELECT coalesce(sum(a.gpu_count), 0) FROM allocations a"
            + " WHERE a.tenant_id = t.id AND a.status = ANY (?))"
            + " FROM tenants t WHERE t.name = ANY (?) AND t.status = 'LIVE'"
            + " ORDER BY t.id FOR NO KEY UPDATE OF t",
        ps -> {
          ps.setArray(
              1,
              ps.getConnection()
                  .createArrayOf("text", AllocationStatus.LIVE.stream().map(Enum::name).toArray()));
          ps.setArray(2, ps.getConnection().createArrayOf("text", names.toArray()));
        },
        (ResultSet rs) -> {
          out.add(
              new Locked(
                  rs.getLong(1),
                  rs.getString(2),
                  rs.getInt(3),
                  rs.getObject(4, Integer.class),
                  rs.getString(5),
                  rs.getLong(6)));
        });
    return out;
  }

  /**
   * Gives each tenant its pools, in one statement, moving the row version as JPA would (an entity
   * read before keeps failing its optimistic check). Only a live tenant without pools takes them:
   * anything else is a bug in the caller and fails its transaction.
   */
  public void assignPools(List<PoolAssignment> assignments) {
    if (assignments.isEmpty()) {
      return;
    }
    int updated =
        jdbc.update(
            "UPDATE tenants t SET vni = p.vni, prefix = p.prefix, version = t.version + 1"
                + " FROM unnest(?::bigint[], ?::int[], ?::text[]) AS p(id, vni, prefix)"
                + " WHERE t.id = p.id AND t.status = 'LIVE' AND t.vni IS NULL",
            ps -> {
              ps.setArray(
                  1,
                  ps.getConnection()
                      .createArrayOf(
                          "bigint", assignments.stream().map(PoolAssignment::tenantId).toArray()));
              ps.setArray(
                  2,
                  ps.getConnection()
                      .createArrayOf(
                          "int4", assignments.stream().map(PoolAssignment::vni).toArray()));
              ps.setArray(
                  3,
                  ps.getConnection()
                      .createArrayOf(
                          "text", assignments.stream().map(PoolAssignment::prefix).toArray()));
            });
    if (updated != assignments.size()) {
      throw new IllegalStateException(
          "pools assigned to " + updated + " of " + assignments.size() + " tenants");
    }
  }
}
