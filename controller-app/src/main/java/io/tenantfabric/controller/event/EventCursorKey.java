package io.tenantfabric.controller.event;

import java.security.SecureRandom;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The cursor key every instance shares: the first instance to need it generates one and inserts it
 * unless a row is there ({@code ON CONFLICT DO NOTHING}), then every instance reads the one row, so
 * that a cursor one instance gave out opens on any other. Read on first use, not at start, so that
 * a schema check at start fails with its own words.
 */
@Component
class EventCursorKey {

  private final JdbcTemplate jdbc;
  private volatile EventCursors cursors;

  EventCursorKey(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  EventCursors cursors() {
    EventCursors c = cursors;
    if (c == null) {
      synchronized (this) {
        if (cursors == null) {
          cursors = load();
        }
        c = cursors;
      }
    }
    return c;
  }

  private EventCursors load() {
    SecureRandom random = new SecureRandom();
    byte[] candidate = new byte[32];
    random.nextBytes(candidate);
    jdbc.update(
        "INSERT INTO event_cursor_key (id, key) VALUES (1, ?) ON CONFLICT (id) DO NOTHING",
        candidate);
    byte[] key = jdbc.queryForObject("SELECT key FROM event_cursor_key WHERE id = 1", byte[].class);
    return new EventCursors(key, random);
  }
}
