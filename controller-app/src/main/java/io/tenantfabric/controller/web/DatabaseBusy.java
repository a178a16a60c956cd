package io.tenantfabric.controller.web;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import java.util.Set;

/**
 * Recognises the database saying "not now": PostgreSQL's {@code lock_not_available} (55P03, a
 * {@code lock_timeout}) and {@code query_canceled} (57014, a {@code statement_timeout}), and a
 * connection pool with no connection to give. These are answered 503 with {@code Retry-After}: the
 * request was sound and changed nothing, the service is busy.
 */
final class DatabaseBusy {

  private static final Set<String> BUSY_STATES = Set.of("55P03", "57014");

  private DatabaseBusy() {}

  /** Why the database refused, when {@code e} is such a refusal. */
  static Optional<String> reason(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLTransientConnectionException) {
        return Optional.of("no database connection became free in time");
      }
      if (t instanceof SQLException s && s.getSQLState() != null) {
        if ("55P03".equals(s.getSQLState())) {
          return Optional.of("a lock held by another change was not released in time");
        }
        if (BUSY_STATES.contains(s.getSQLState())) {
          return Optional.of("the database statement took longer than its limit");
        }
      }
    }
    return Optional.empty();
  }
}
