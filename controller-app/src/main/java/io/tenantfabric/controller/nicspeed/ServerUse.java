package io.tenantfabric.controller.nicspeed;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What keeps a server's GPUs busy, read in the caller's transaction under the fabric row: a live
 * allocation on one of them (a NIC speed change refuses it), or an operation holding them (only one
 * that ended as a NIC speed change may be taken over by another).
 */
@Component
class ServerUse {

  /** A live allocation and its tenant. */
  record Lease(UUID allocation, String tenant, long tenantId) {}

  /** The operation holding a GPU: its id, kind and state. */
  record Holder(String gpu, UUID operation, String kind, String state) {

    /** Held by a NIC speed change that ended without finishing: a new one may take the GPU over. */
    boolean takeable() {
      return NicSpeedMachine.KIND.equals(kind)
          && ("FAILED".equals(state) || "CANCELLED".equals(state));
    }
  }

  private final JdbcTemplate jdbc;

  ServerUse(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** The oldest live allocation with a GPU of {@code gpus}. */
  Optional<Lease> liveLease(Collection<String> gpus) {
    return jdbc
        .query(
            "SELECT a.id, t.name, t.id FROM allocation_gpus m"
                + " JOIN allocations a ON a.id = m.allocation_id"
                + " JOIN tenants t ON t.id = a.tenant_id"
                + " WHERE m.gpu_id = ANY (?)"
                + " AND m.allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')"
                + " ORDER BY a.created_at, a.id LIMIT 1",
            ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", gpus.toArray())),
            (rs, n) -> new Lease(rs.getObject(1, UUID.class), rs.getString(2), rs.getLong(3)))
        .stream()
        .findFirst();
  }

  /** The operations holding GPUs of {@code gpus}, by GPU. */
  List<Holder> holders(Collection<String> gpus) {
    return jdbc.query(
        "SELECT g.id, o.id, o.kind, o.state FROM gpus g JOIN fabric_operations o ON o.id = g.held_by"
            + " WHERE g.id = ANY (?) ORDER BY g.id",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", gpus.toArray())),
        (rs, n) ->
            new Holder(
                rs.getString(1), rs.getObject(2, UUID.class), rs.getString(3), rs.getString(4)));
  }
}
