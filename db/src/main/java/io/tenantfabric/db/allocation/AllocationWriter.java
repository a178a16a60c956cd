package io.tenantfabric.db.allocation;

import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Inserts new allocations and their GPU memberships in plain JDBC, two statements whatever the
 * number of allocations and GPUs: a group of allocations is decided under the fabric lock, and a
 * JPA persist and flush per allocation (or even a statement per allocation) cost the group more
 * than the rows themselves. The database's triggers (live tenant, membership count and status,
 * intent version) check them as they check any insert.
 */
@Repository
public class AllocationWriter {

  private final JdbcTemplate jdbc;

  AllocationWriter(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Inserts every allocation of {@code all} (new, PROVISIONING) and their GPUs, in the caller's
   * transaction, in the order given.
   */
  public void insertAll(List<AllocationEntity> all) {
    if (all.isEmpty()) {
      return;
    }
    List<Object> ids = new ArrayList<>();
    List<Object> tenants = new ArrayList<>();
    List<Object> statuses = new ArrayList<>();
    List<Object> counts = new ArrayList<>();
    List<Object> created = new ArrayList<>();
    List<Object> updated = new ArrayList<>();
    List<Object> memberOf = new ArrayList<>();
    List<Object> memberGpus = new ArrayList<>();
    List<Object> memberStatuses = new ArrayList<>();
    for (AllocationEntity a : all) {
      ids.add(a.id());
      tenants.add(a.tenantId());
      statuses.add(a.status().name());
      counts.add(a.gpuCount());
      created.add(a.createdAt().toString()); // ISO-8601 in UTC: no session zone
      updated.add(a.updatedAt().toString());
      for (String gpu : a.gpuIds()) {
        memberOf.add(a.id());
        memberGpus.add(gpu);
        memberStatuses.add(a.status().name());
      }
    }
    jdbc.update(
        "INSERT INTO allocations (id, tenant_id, status, gpu_count, failure_reason, created_at,"
            + " updated_at, version)"
            + " SELECT a.id, a.tenant_id, a.status, a.gpu_count, NULL, a.created_at, a.updated_at, 0"
            + " FROM unnest(?::uuid[], ?::bigint[], ?::text[], ?::int[], ?::timestamptz[],"
            + " ?::timestamptz[]) WITH ORDINALITY"
            + " AS a(id, tenant_id, status, gpu_count, created_at, updated_at, n) ORDER BY a.n",
        ps -> {
          ps.setArray(1, ps.getConnection().createArrayOf("uuid", ids.toArray()));
          ps.setArray(2, ps.getConnection().createArrayOf("bigint", tenants.toArray()));
          ps.setArray(3, ps.getConnection().createArrayOf("text", statuses.toArray()));
          ps.setArray(4, ps.getConnection().createArrayOf("int4", counts.toArray()));
          ps.setArray(5, ps.getConnection().createArrayOf("text", created.toArray()));
          ps.setArray(6, ps.getConnection().createArrayOf("text", updated.toArray()));
        });
    jdbc.update(
        "INSERT INTO allocation_gpus (allocation_id, gpu_id, allocation_status)"
            + " SELECT m.id, m.gpu, m.status FROM unnest(?::uuid[], ?::text[], ?::text[])"
            + " AS m(id, gpu, status)",
        ps -> {
          ps.setArray(1, ps.getConnection().createArrayOf("uuid", memberOf.toArray()));
          ps.setArray(2, ps.getConnection().createArrayOf("text", memberGpus.toArray()));
          ps.setArray(3, ps.getConnection().createArrayOf("text", memberStatuses.toArray()));
        });
  }
}
