package io.tenantfabric.controller.event;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads of {@code events}, each one statement on a connection borrowed for it alone (autocommit): a
 * stream never holds a pooled connection.
 *
 * <p>Why the order is gap-free: a row's position is {@code (xid, seq)}, xid the id of the
 * transaction that wrote it. A row is deliverable once {@code xid < pg_snapshot_xmin(...)} of the
 * reading statement's own snapshot: every transaction with a smaller xid has then ended (committed,
 * and so visible to that snapshot, or rolled back), and a transaction that writes later gets a
 * larger xid. So the deliverable rows only ever grow at the end of the order: once a reader has
 * read up to a position, no row can appear before it, and a client resuming after it misses none.
 */
@Component
class EventLog {

  private static final String COLUMNS = "e.xid::text, e.seq, e.type, e.tenant_id, e.payload::text";

  private final JdbcTemplate jdbc;

  EventLog(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Up to {@code limit} deliverable events after {@code after}, in order. */
  List<StoredEvent> deliverableAfter(EventPosition after, int limit) {
    return jdbc.query(
        "SELECT "
            + COLUMNS
            + " FROM events e WHERE (e.xid, e.seq) > (?::xid8, ?)"
            + " AND e.xid < pg_snapshot_xmin(pg_current_snapshot())"
            + " ORDER BY e.xid, e.seq LIMIT ?",
        EventLog::row,
        Long.toString(after.xid()),
        after.seq(),
        limit);
  }

  /** The last deliverable position now: where a hub starting now begins. */
  EventPosition deliverableHead() {
    List<EventPosition> head =
        jdbc.query(
            "SELECT e.xid::text, e.seq FROM events e"
                + " WHERE e.xid < pg_snapshot_xmin(pg_current_snapshot())"
                + " ORDER BY e.xid DESC, e.seq DESC LIMIT 1",
            (rs, n) -> new EventPosition(Long.parseLong(rs.getString(1)), rs.getLong(2)));
    EventPosition horizon = horizon();
    EventPosition found = head.isEmpty() ? EventPosition.START : head.get(0);
    return found.compareTo(horizon) >= 0 ? found : horizon;
  }

  /** The newest position retention deleted. */
  EventPosition horizon() {
    return jdbc.queryForObject(
        "SELECT xid::text, seq FROM event_horizon WHERE id = 1",
        (rs, n) -> new EventPosition(Long.parseLong(rs.getString(1)), rs.getLong(2)));
  }

  /**
   * One page of a catch-up: up to {@code limit} events in {@code (after, upTo]}, read in one
   * statement with the horizon, so that both come from one snapshot; empty when {@code after} is at
   * or before the horizon (the client must reset).
   */
  Optional<List<StoredEvent>> page(EventPosition after, EventPosition upTo, int limit) {
    List<Object[]> rows =
        jdbc.query(
            "SELECT h.xid::text AS hxid, h.seq AS hseq, "
                + COLUMNS
                + " FROM event_horizon h LEFT JOIN LATERAL (SELECT * FROM events e"
                + " WHERE (e.xid, e.seq) > (?::xid8, ?) AND (e.xid, e.seq) <= (?::xid8, ?)"
                + " ORDER BY e.xid, e.seq LIMIT ?) e ON true WHERE h.id = 1"
                + " ORDER BY e.xid, e.seq",
            (rs, n) -> {
              EventPosition horizon =
                  new EventPosition(Long.parseLong(rs.getString("hxid")), rs.getLong("hseq"));
              return new Object[] {horizon, rs.getString(3) == null ? null : eventAt(rs, 3)};
            },
            Long.toString(after.xid()),
            after.seq(),
            Long.toString(upTo.xid()),
            upTo.seq(),
            limit);
    EventPosition horizon = (EventPosition) rows.get(0)[0];
    if (after.compareTo(horizon) < 0) {
      return Optional.empty();
    }
    List<StoredEvent> events = new ArrayList<>(rows.size());
    for (Object[] r : rows) {
      if (r[1] != null) {
        events.add((StoredEvent) r[1]);
      }
    }
    return Optional.of(events);
  }

  private static StoredEvent row(ResultSet rs, int n) throws SQLException {
    return eventAt(rs, 1);
  }

  private static StoredEvent eventAt(ResultSet rs, int first) throws SQLException {
    long tenant = rs.getLong(first + 3);
    Optional<Long> tenantId = rs.wasNull() ? Optional.empty() : Optional.of(tenant);
    return new StoredEvent(
        new EventPosition(Long.parseLong(rs.getString(first)), rs.getLong(first + 1)),
        rs.getString(first + 2),
        tenantId,
        rs.getString(first + 4));
  }
}
