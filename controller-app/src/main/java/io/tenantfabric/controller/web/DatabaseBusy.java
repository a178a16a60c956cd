package io.tenantfabric.controller.web;

import jakarta.servlet.http.HttpServletRequest;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * Recognises the database saying "not now": PostgreSQL's {@code lock_not_available} (55P03, a
 * {@code lock_timeout}) and {@code query_canceled} (57014, a {@code statement_timeout}), and a
 * connection pool with no connection to give. These are answered 503 with {@code Retry-After}: the
 * request was sound and changed nothing, the service is busy. {@link ProblemAdvice} answers them in
 * MVC, {@link DatabaseBusyFilter} anywhere before it (the bearer token's lookup included).
 */
final class DatabaseBusy {

  // a lock or statement timeout clears within seconds; clients back off at least this long
  static final int RETRY_AFTER_SECONDS = 1;

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

  /** The 503 problem for {@code reason}; send it with {@code Retry-After}. */
  static ProblemDetail problem(String reason, HttpServletRequest request) {
    ProblemDetail p =
        Problems.of(
            HttpStatus.SERVICE_UNAVAILABLE,
            "Database busy",
            "The request changed nothing: "
                + reason
                + ". Retry after "
                + RETRY_AFTER_SECONDS
                + " s.",
            request);
    p.setProperty("retryAfterSeconds", RETRY_AFTER_SECONDS);
    return p;
  }
}
