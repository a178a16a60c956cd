package io.tenantfabric.db.lifecycle;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The cabling table (one row per judged switch port; a planned end without a row was never checked)
 * and what it keeps out of placement ({@code gpus.cable_blocked}), set-based whatever the number of
 * ports. Callers own the transactions and take the fabric lock before they write: a changed row
 * recomputes the health of allocations, a blocked GPU moves the intent version.
 */
@Repository
public class CablingStore {

  private static final String COLUMNS =
      "switch_name, port, kind, state, planned_device, planned_port, seen_device, seen_port,"
          + " checked_at, changed_at";

  private final JdbcTemplate jdbc;

  CablingStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Every stored row, by switch and port. */
  public List<CablingRow> all() {
    return jdbc.query(
        "SELECT " + COLUMNS + " FROM cabling ORDER BY switch_name, port", (rs, n) -> row(rs));
  }

  /**
   * Makes {@code rows} the stored verdicts of {@code switches}: every row upserted in one statement
   * ({@code changed_at} kept unless the state or the sight changed), every other row of those
   * switches deleted in another.
   */
  public void replace(Collection<String> switches, List<CablingRow> rows) {
    if (switches.isEmpty()) {
      return;
    }
    if (!rows.isEmpty()) {
      jdbc.update(
          "INSERT INTO cabling ("
              + COLUMNS
              + ")"
              + " SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[],"
              + " ?::text[], ?::text[], ?::text[], ?::timestamptz[], ?::timestamptz[])"
              + " ORDER BY 1, 2"
              + " ON CONFLICT (switch_name, port) DO UPDATE SET kind = excluded.kind,"
              + " state = excluded.state, planned_device = excluded.planned_device,"
              + " planned_port = excluded.planned_port, seen_device = excluded.seen_device,"
              + " seen_port = excluded.seen_port, checked_at = excluded.checked_at,"
              + " changed_at = CASE WHEN cabling.state IS DISTINCT FROM excluded.state"
              + " OR cabling.seen_device IS DISTINCT FROM excluded.seen_device"
              + " OR cabling.seen_port IS DISTINCT FROM excluded.seen_port"
              + " THEN excluded.changed_at ELSE cabling.changed_at END",
          ps -> {
            int i = 1;
            for (Function<CablingRow, String> column :
                List.<Function<CablingRow, String>>of(
                    CablingRow::switchName,
                    CablingRow::port,
                    CablingRow::kind,
                    CablingRow::state,
                    CablingRow::plannedDevice,
                    CablingRow::plannedPort,
                    CablingRow::seenDevice,
                    CablingRow::seenPort)) {
              ps.setArray(
                  i++,
                  ps.getConnection()
                      .createArrayOf("text", rows.stream().map(column).toArray(String[]::new)));
            }
            ps.setArray(
                i++,
                ps.getConnection()
                    .createArrayOf(
                        "timestamptz",
                        rows.stream().map(r -> Timestamp.from(r.checkedAt())).toArray()));
            ps.setArray(
                i,
                ps.getConnection()
                    .createArrayOf(
                        "timestamptz",
                        rows.stream().map(r -> Timestamp.from(r.changedAt())).toArray()));
          });
    }
    jdbc.update(
        "DELETE FROM cabling c WHERE c.switch_name = ANY (?) AND NOT EXISTS (SELECT 1"
            + " FROM unnest(?::text[], ?::text[]) AS k(switch_name, port)"
            + " WHERE k.switch_name = c.switch_name AND k.port = c.port)",
        ps -> {
          ps.setArray(1, ps.getConnection().createArrayOf("text", switches.toArray()));
          ps.setArray(
              2,
              ps.getConnection()
                  .createArrayOf("text", rows.stream().map(CablingRow::switchName).toArray()));
          ps.setArray(
              3,
              ps.getConnection()
                  .createArrayOf("text", rows.stream().map(CablingRow::port).toArray()));
        });
  }

  /**
   * Sets {@code cable_blocked} on the GPUs of {@code leaves} from their stored rows: blocked unless
   * the port was never judged or its state is one of {@code placeable}. Writes only the GPUs whose
   * flag changes; returns their ids.
   */
  public List<String> blockUnplaceable(Collection<String> leaves, Collection<String> placeable) {
    if (leaves.isEmpty()) {
      return List.of();
    }
    return jdbc.query(
        "UPDATE gpus g SET cable_blocked = b.blocked FROM ("
            + " SELECT x.id, NOT (c.state IS NULL OR c.state = ANY (?)) AS blocked FROM gpus x"
            + " LEFT JOIN cabling c ON c.switch_name = x.leaf AND c.port = x.port"
            + " WHERE x.leaf = ANY (?)) b"
            + " WHERE g.id = b.id AND g.cable_blocked IS DISTINCT FROM b.blocked RETURNING g.id",
        ps -> {
          ps.setArray(1, ps.getConnection().createArrayOf("text", placeable.toArray()));
          ps.setArray(2, ps.getConnection().createArrayOf("text", leaves.toArray()));
        },
        (rs, n) -> rs.getString(1));
  }

  /** Every GPU port whose GPU a live allocation holds, with that allocation and its tenant. */
  public List<GpuHolder> holders() {
    // the partial unique index allocation_gpus_one_live allows one live allocation per GPU
    return jdbc.query(
        "SELECT g.leaf, g.port, g.id, g.server, a.id, a.status, t.name, t.id FROM gpus g"
            + " JOIN allocation_gpus m ON m.gpu_id = g.id"
            + " AND m.allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')"
            + " JOIN allocations a ON a.id = m.allocation_id"
            + " JOIN tenants t ON t.id = a.tenant_id",
        (rs, n) ->
            new GpuHolder(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getObject(5, UUID.class),
                rs.getString(6),
                rs.getString(7),
                rs.getLong(8)));
  }

  private static CablingRow row(ResultSet rs) throws SQLException {
    return new CablingRow(
        rs.getString(1),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        rs.getString(6),
        rs.getString(7),
        rs.getString(8),
        instant(rs.getTimestamp(9)),
        instant(rs.getTimestamp(10)));
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
