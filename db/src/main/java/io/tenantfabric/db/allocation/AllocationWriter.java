package io.tenantfabric.db.allocation;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Repository;

/**
 * Inserts new allocations and their GPU memberships in plain JDBC, two statements whatever the
 * number of allocations and GPUs, sent with the group's other writes in one {@link RoundTrip}: a
 * group of allocations is decided under the fabric lock, and a JPA persist and flush per allocation
 * (or even a statement per allocation) cost the group more than the rows themselves. The database's
 * triggers (live tenant, membership count and status, intent version) check them as they check any
 * insert.
 */
@Repository
public class AllocationWriter {

  /**
   * Adds to {@code trip} the inserts of every allocation of {@code all} (new, PROVISIONING) and
   * their GPUs, in the order given; they run when the caller sends it, in its transaction.
   */
  public void insertAll(List<AllocationEntity> all, RoundTrip trip) {
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
    trip.update(
        "INSERT INTO allocations (id, tenant_id, status, gpu_count, failure_reason, created_at,"
            + " updated_at, version)"
            + " SELECT a.id, a.tenant_id, a.status, a.gpu_count, NULL, a.created_at, a.updated_at, 0"
            + " FROM unnest(?::uuid[], ?::bigint[], ?::text[], ?::int[], ?::timestamptz[],"
            + " ?::timestamptz[]) WITH ORDINALITY"
            + " AS a(id, tenant_id, status, gpu_count, created_at, updated_at, n) ORDER BY a.n",
        p ->
            p.array("uuid", ids)
                .array("bigint", tenants)
                .array("text", statuses)
                .array("int4", counts)
                .array("text", created)
                .array("text", updated),
        RoundTrip.expecting(all.size(), "allocations inserted"));
    trip.update(
        "INSERT INTO allocation_gpus (allocation_id, gpu_id, allocation_status)"
            + " SELECT m.id, m.gpu, m.status FROM unnest(?::uuid[], ?::text[], ?::text[])"
            + " AS m(id, gpu, status)",
        p -> p.array("uuid", memberOf).array("text", memberGpus).array("text", memberStatuses),
        RoundTrip.expecting(memberGpus.size(), "GPU memberships inserted"));
  }
}
