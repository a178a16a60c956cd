package io.tenantfabric.controller.intent;

import java.sql.SQLException;
import java.util.Set;

/**
 * PostgreSQL's "run the whole transaction again" answers: {@code deadlock_detected} (40P01) and
 * {@code serialization_failure} (40001). A lock or statement timeout is not among them: that is a
 * busy database, answered 503.
 */
final class Retryable {

  private static final Set<String> STATES = Set.of("40P01", "40001");

  private Retryable() {}

  static boolean is(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLException s && STATES.contains(s.getSQLState())) {
        return true;
      }
    }
    return false;
  }
}
