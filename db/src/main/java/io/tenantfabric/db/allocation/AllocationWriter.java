package io.tenantfabric.db.allocation;

import java.sql.Timestamp;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Inserts a new allocation and its GPU memberships in plain JDBC, two statements whatever the GPU
 * count: a group of allocations inserts one after the other under the fabric lock, and a JPA
 * persist and flush per allocation cost the group more than the rows themselves. The database's
 * triggers (live tenant, membership count and status, intent version) check it as they check any
 * insert.
 */
@Repository
public class AllocationWriter {

  private final JdbcTemplate jdbc;

  AllocationWriter(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Inserts {@code a} (new, PROVISIONING) and its GPUs, in the caller's transaction. */
  public void insert(AllocationEntity a) {
    jdbc.update(
        "INSERT INTO allocations (id, tenant_id, status, gpu_count, failure_reason, created_at,"
            + " updated_at, version) VALUES (?, ?, ?, ?, NULL, ?, ?, 0)",
        a.id(),
        a.tenantId(),
        a.status().name(),
        a.gpuCount(),
        Timestamp.from(a.createdAt()),
        Timestamp.from(a.updatedAt()));
    jdbc.update(
        "INSERT INTO allocation_gpus (allocation_id, gpu_id, allocation_status)"
            + " SELECT ?, g, ? FROM unnest(?::text[]) AS g",
        ps -> {
          ps.setObject(1, a.id());
          ps.setString(2, a.status().name());
          ps.setArray(3, ps.getConnection().createArrayOf("text", a.gpuIds().toArray()));
        });
  }
}
