package io.tenantfabric.db.allocation;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Pages through every tenant's allocations, newest first, by keyset on {@code (created_at, id)}: a
 * page continues after the allocation that ended the previous one, so rows committed meanwhile
 * neither shift nor repeat a page, and a deep page costs what the first does.
 */
@Repository
public class AllocationKeyset {

  private final JdbcTemplate jdbc;

  AllocationKeyset(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Up to {@code limit} allocation ids in one of {@code statuses}, newest first, after allocation
   * {@code after} (empty: from the newest); empty when {@code after} names no allocation.
   */
  public Optional<List<UUID>> newest(
      Collection<AllocationStatus> statuses, Optional<UUID> after, int limit) {
    String[] names = statuses.stream().map(Enum::name).toArray(String[]::new);
    if (after.isPresent()) {
      List<Boolean> known =
          jdbc.queryForList(
              "SELECT true FROM allocations WHERE id = ?", Boolean.class, after.get());
      if (known.isEmpty()) {
        return Optional.empty();
      }
    }
    return Optional.of(
        jdbc.query(
            "SELECT a.id FROM allocations a"
                + " WHERE a.status = ANY (?)"
                + " AND (?::uuid IS NULL OR (a.created_at, a.id) <"
                + " (SELECT b.created_at, b.id FROM allocations b WHERE b.id = ?::uuid))"
                + " ORDER BY a.created_at DESC, a.id DESC LIMIT ?",
            ps -> {
              ps.setArray(1, ps.getConnection().createArrayOf("text", names));
              ps.setObject(2, after.orElse(null));
              ps.setObject(3, after.orElse(null));
              ps.setInt(4, limit);
            },
            (rs, i) -> rs.getObject(1, UUID.class)));
  }
}
