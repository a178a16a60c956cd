package io.tenantfabric.db.audit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Reads the chain for a check that must end in time (a receipt), in the caller's transaction: every
 * statement is preceded, in the same round trip, by a {@code statement_timeout} of the time the
 * check has left, so that no statement outlives the check's budget and the connection is handed
 * back by then. Rows come in the raw form of {@link AuditChainRow}.
 */
@Repository
public class AuditChainReader {

  private static final String COLUMNS =
      "SELECT e.id, (extract(epoch FROM e.occurred_at) * 1000000)::bigint, e.actor_token_id::text,"
          + " e.actor_role, e.action, e.target_type, e.target, e.tenant, e.tenant_id::text,"
          + " e.request_id, e.outcome, e.details::text, e.prev_hash, e.hash, e.form"
          + " FROM audit_events e";

  // the limit goes first, as its own statement: a statement_timeout applies from the next one on
  private static final String LIMIT = "SELECT set_config('statement_timeout', ?, true);\n";

  private final JdbcTemplate jdbc;

  AuditChainReader(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Event {@code id}, if it exists. */
  public Optional<AuditChainRow> event(long id, Duration limit) {
    return rows(COLUMNS + " WHERE e.id = ?", limit, id).stream().findFirst();
  }

  /** The newest event, the head; empty when the trail is empty. */
  public Optional<AuditChainRow> head(Duration limit) {
    return rows(COLUMNS + " ORDER BY e.id DESC LIMIT 1", limit).stream().findFirst();
  }

  /** The next {@code limit} events after {@code afterId} in chain order. */
  public List<AuditChainRow> pageAfter(long afterId, int size, Duration limit) {
    return rows(COLUMNS + " WHERE e.id > ? ORDER BY e.id LIMIT ?", limit, afterId, size);
  }

  /**
   * The trusted checkpoint, written at or before event {@code headId}, that vouches for the nearest
   * stretch ending at or after event {@code id}: the one with the smallest {@code throughId} not
   * below {@code id}.
   */
  public Optional<TrustedCheckpoint> covering(long id, long headId, Duration limit) {
    return checkpoints(
            "SELECT c.event_id, c.through_id, c.through_hash FROM audit_checkpoints c"
                + " WHERE c.through_id >= ? AND c.event_id <= ? ORDER BY c.through_id LIMIT 1",
            limit,
            id,
            headId)
        .stream()
        .findFirst();
  }

  /** The latest trusted checkpoint written at or before event {@code headId}. */
  public Optional<TrustedCheckpoint> latest(long headId, Duration limit) {
    return checkpoints(
            "SELECT c.event_id, c.through_id, c.through_hash FROM audit_checkpoints c"
                + " WHERE c.event_id <= ? ORDER BY c.event_id DESC LIMIT 1",
            limit,
            headId)
        .stream()
        .findFirst();
  }

  /**
   * The first event from {@code fromId} through {@code throughId} that a trusted checkpoint vouched
   * for and that no longer has the hash the checkpoint recorded; empty when every one has.
   */
  public OptionalLong firstDeparture(long fromId, long throughId, Duration limit) {
    List<Long> ids =
        query(
            "SELECT c.through_id FROM audit_checkpoints c"
                + " LEFT JOIN audit_events e ON e.id = c.through_id"
                + " WHERE c.through_id BETWEEN ? AND ? AND e.hash IS DISTINCT FROM c.through_hash"
                + " ORDER BY c.through_id LIMIT 1",
            limit,
            rs -> rs.getLong(1),
            fromId,
            throughId);
    return ids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ids.get(0));
  }

  private List<AuditChainRow> rows(String sql, Duration limit, Object... parameters) {
    return query(sql, limit, rs -> AuditChainRow.of(rs), parameters);
  }

  private List<TrustedCheckpoint> checkpoints(String sql, Duration limit, Object... parameters) {
    return query(
        sql,
        limit,
        rs -> new TrustedCheckpoint(rs.getLong(1), rs.getLong(2), rs.getString(3)),
        parameters);
  }

  /** One row of a result set, mapped. */
  @FunctionalInterface
  private interface Row<T> {
    T map(ResultSet rs) throws SQLException;
  }

  private <T> List<T> query(String sql, Duration limit, Row<T> row, Object... parameters) {
    // 0 would mean "no limit" to PostgreSQL: the caller stops before its budget is spent
    String timeout = Math.max(1, limit.toMillis()) + "ms";
    return jdbc.execute(
        (Connection c) -> {
          try (PreparedStatement ps = c.prepareStatement(LIMIT + sql)) {
            ps.setString(1, timeout);
            for (int i = 0; i < parameters.length; i++) {
              ps.setObject(i + 2, parameters[i]);
            }
            ps.execute();
            if (!ps.getMoreResults()) {
              throw new IllegalStateException("no result for: " + sql);
            }
            List<T> out = new ArrayList<>();
            try (ResultSet rs = ps.getResultSet()) {
              while (rs.next()) {
                out.add(row.map(rs));
              }
            }
            return out;
          }
        });
  }
}
