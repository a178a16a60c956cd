package io.tenantfabric.db.lifecycle;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Cabling check runs, as reconcile runs are kept; callers own the transactions. */
@Repository
public class CablingCheckStore {

  /** Channel notified (without payload) when a check is requested. */
  public static final String REQUESTED_CHANNEL = "tenant_fabric_cabling";

  /** Channel notified with a check's id when it has finished. */
  public static final String DONE_CHANNEL = "tenant_fabric_cabling_done";

  private static final String COLUMNS =
      "id, switches, trigger, state, requested_at, started_at, finished_at, result::text";

  private final JdbcTemplate jdbc;

  CablingCheckStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Records a requested check of {@code switches} (empty: every managed switch) and wakes the
   * provisioner at commit.
   */
  public void request(UUID id, List<String> switches, String trigger, Instant now) {
    jdbc.update(
        "INSERT INTO cabling_checks (id, switches, trigger, state, requested_at)"
            + " VALUES (?, ?, ?, 'REQUESTED', ?)",
        ps -> {
          ps.setObject(1, id);
          ps.setArray(
              2,
              switches.isEmpty()
                  ? null
                  : ps.getConnection().createArrayOf("text", switches.toArray()));
          ps.setString(3, trigger);
          ps.setTimestamp(4, Timestamp.from(now));
        });
    jdbc.queryForObject("SELECT pg_notify(?, '')::text", String.class, REQUESTED_CHANNEL);
  }

  public Optional<CablingCheck> find(UUID id) {
    return jdbc
        .query("SELECT " + COLUMNS + " FROM cabling_checks WHERE id = ?", (rs, n) -> check(rs), id)
        .stream()
        .findFirst();
  }

  /**
   * Requested checks, oldest first, marked RUNNING (checks left RUNNING by a stopped leader too:
   * their reads are simply done again).
   */
  public List<CablingCheck> claimOpen(Instant now) {
    List<CablingCheck> claimed =
        new ArrayList<>(
            jdbc.query(
                "UPDATE cabling_checks SET state = 'RUNNING', started_at = coalesce(started_at, ?)"
                    + " WHERE state IN ('REQUESTED', 'RUNNING') RETURNING "
                    + COLUMNS,
                (rs, n) -> check(rs),
                Timestamp.from(now)));
    claimed.sort(Comparator.comparing(CablingCheck::requestedAt));
    return claimed;
  }

  /** Closes a check with its result and tells the waiters at commit. */
  public void finish(UUID id, String state, String resultJson, Instant now) {
    jdbc.update(
        "UPDATE cabling_checks SET state = ?, result = CAST(? AS jsonb), finished_at = ?"
            + " WHERE id = ?",
        state,
        resultJson,
        Timestamp.from(now),
        id);
    jdbc.queryForObject("SELECT pg_notify(?, ?)::text", String.class, DONE_CHANNEL, id.toString());
  }

  /** Forgets finished checks requested before {@code before}; returns how many. */
  public int prune(Instant before) {
    return jdbc.update(
        "DELETE FROM cabling_checks WHERE state IN ('DONE', 'FAILED') AND requested_at < ?",
        Timestamp.from(before));
  }

  private static CablingCheck check(ResultSet rs) throws SQLException {
    Array switches = rs.getArray(2);
    return new CablingCheck(
        rs.getObject(1, UUID.class),
        switches == null ? List.of() : Arrays.asList((String[]) switches.getArray()),
        rs.getString(3),
        rs.getString(4),
        rs.getTimestamp(5).toInstant(),
        instant(rs.getTimestamp(6)),
        instant(rs.getTimestamp(7)),
        rs.getString(8));
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
