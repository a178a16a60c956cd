package io.tenantfabric.db.tenant;

import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.jdbc.RoundTrip;
import java.sql.ResultSet;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Repository;

/**
 * The tenant rows a group of allocations decides on, in plain JDBC, as statements of the group's
 * {@link RoundTrip}s: locked with their quota use in one statement, and the pools given to the new
 * ones by primary key. Through JPA the same work would be a query translated and hydrated per
 * group, a dirty check, and an update of every column per tenant, all under the fabric lock.
 */
@Repository
public class TenantLocks {

  /** A live tenant, row-locked until commit, and the GPUs its live allocations hold. */
  public record Locked(
      long id, String name, int gpuQuota, Integer vni, String prefix, long liveGpus) {}

  /** A VNI and prefix given to a tenant that had none. */
  public record PoolAssignment(long tenantId, int vni, String prefix) {}

  /**
   * The live tenants among {@code names}, each row-locked until commit ({@code FOR NO KEY UPDATE},
   * as {@link TenantRepository#lockLive(String)} locks one), in id order, the order every writer
   * that locks several takes. With each its live GPUs ({@link AllocationStatus#LIVE}): the caller
   * holds the fabric lock, under which alone allocations are created or change status, so the sum
   * cannot move before it commits. The next statement of {@code trip}: there once it is sent.
   */
  public RoundTrip.Answer<List<Locked>> lockLive(Collection<String> names, RoundTrip trip) {
    return trip.query(
        "SELECT t.id, t.name, t.gpu_quota, t.vni, t.prefix,"
            + " (SELECT coalesce(sum(a.gpu_count), 0) FROM allocations a"
            + " WHERE a.tenant_id = t.id AND a.status = ANY (?))"
            + " FROM tenants t WHERE t.name = ANY (?) AND t.status = 'LIVE'"
            + " ORDER BY t.id FOR NO KEY UPDATE OF t",
        p ->
            p.array("text", AllocationStatus.LIVE.stream().map(Enum::name).toList())
                .array("text", List.copyOf(names)),
        (ResultSet rs) -> {
          List<Locked> out = new ArrayList<>();
          while (rs.next()) {
            out.add(
                new Locked(
                    rs.getLong(1),
                    rs.getString(2),
                    rs.getInt(3),
                    rs.getObject(4, Integer.class),
                    rs.getString(5),
                    rs.getLong(6)));
          }
          return out;
        });
  }

  /**
   * Adds to {@code trip} the statements that give each tenant its pools, moving the row version as
   * JPA would (an entity read before keeps failing its optimistic check). Only a live tenant
   * without pools takes them: anything else is a bug in the caller and fails its transaction when
   * sent.
   *
   * <p>One statement per tenant, by primary key, all in the same round trip: its plan is the
   * primary key's whatever the table's statistics say. A single statement joining the tenants to an
   * {@code unnest} of the group can be planned on a small table without statistics as a scan of
   * every live tenant, and the driver's prepared statement keeps that plan while the table grows
   * (docs/perf/plans-that-outlive-their-table.md).
   */
  public void assignPools(List<PoolAssignment> assignments, RoundTrip trip) {
    for (PoolAssignment a : assignments) {
      trip.update(
          "UPDATE tenants SET vni = ?, prefix = ?, version = version + 1"
              + " WHERE id = ? AND status = 'LIVE' AND vni IS NULL",
          p ->
              p.object(a.vni(), Types.INTEGER)
                  .string(a.prefix())
                  .object(a.tenantId(), Types.BIGINT),
          RoundTrip.expecting(
              1, "pool assignment of tenant " + a.tenantId() + " made (live, without pools?)"));
    }
  }
}
