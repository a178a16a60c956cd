package io.tenantfabric.db.operation;

import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * GPUs an operation keeps out of placement ({@code gpus.held_by}, V20): a change of a hold is a
 * change of what placement decides on, so the database moves the intent version with it. Callers
 * own the transaction and take the fabric row first, as every change of placement's inputs does.
 */
@Repository
public class GpuHolds {

  private final JdbcTemplate jdbc;

  GpuHolds(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Holds {@code gpuIds} for operation {@code id}, taking them from any operation that ended. */
  public int hold(UUID id, Collection<String> gpuIds) {
    return jdbc.update(
        "UPDATE gpus SET held_by = ? WHERE id = ANY (?) AND held_by IS DISTINCT FROM ?",
        ps -> {
          ps.setObject(1, id);
          ps.setArray(2, ps.getConnection().createArrayOf("text", gpuIds.toArray()));
          ps.setObject(3, id);
        });
  }

  /** Lets {@code gpuIds} into placement again (those any operation held). */
  public int join(Collection<String> gpuIds) {
    return jdbc.update(
        "UPDATE gpus SET held_by = NULL WHERE id = ANY (?) AND held_by IS NOT NULL",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", gpuIds.toArray())));
  }

  /** The GPUs some operation holds, whichever. */
  public List<String> heldIds() {
    return jdbc.queryForList("SELECT id FROM gpus WHERE held_by IS NOT NULL", String.class);
  }

  /** The GPUs of {@code gpuIds} that some operation holds. */
  public List<String> heldAmong(Collection<String> gpuIds) {
    return jdbc.query(
        "SELECT id FROM gpus WHERE id = ANY (?) AND held_by IS NOT NULL ORDER BY id",
        ps -> ps.setArray(1, ps.getConnection().createArrayOf("text", gpuIds.toArray())),
        (rs, n) -> rs.getString(1));
  }
}
