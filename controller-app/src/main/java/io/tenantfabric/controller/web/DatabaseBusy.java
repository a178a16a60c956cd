package io.tenantfabric.controller.web;

import io.tenantfabric.controller.transaction.ConnectionFailures;
import jakarta.servlet.http.HttpServletRequest;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * Recognises the database saying "not now", answered 503 with {@code Retry-After} by {@link
 * ProblemAdvice} in MVC and {@link DatabaseBusyFilter} anywhere before it (the bearer token's
 * lookup included). Two kinds: <em>busy</em>, PostgreSQL's {@code lock_not_available} (55P03, a
 * {@code lock_timeout}), {@code query_canceled} (57014, a {@code statement_timeout}) and a pool
 * with no connection free in time, where the request changed nothing; and <em>unavailable</em>, no
 * primary to reach (SQL state class 08, {@code admin_shutdown} 57P01, {@code crash_shutdown} 57P02,
 * {@code cannot_connect_now} 57P03, a connection still on a demoted, read-only server 25006), as
 * while PostgreSQL fails over to a standby, where a change whose commit was cut off may have been
 * applied.
 */
final class DatabaseBusy {

  // a lock or statement timeout clears within seconds; clients back off at least this long
  static final int RETRY_AFTER_SECONDS = 1;
  // a promotion takes seconds (Patroni's loop, a managed service's DNS): retry a little later
  static final int UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

  private DatabaseBusy() {}

  /**
   * Why the database did not serve a request, with the problem's title and the seconds to wait.
   *
   * @param unavailable whether no primary could be reached (a change may have been applied), rather
   *     than a busy database that refused before changing anything
   */
  record Cause(boolean unavailable, String reason) {

    String title() {
      return unavailable ? "Database unavailable" : "Database busy";
    }

    int retryAfterSeconds() {
      return unavailable ? UNAVAILABLE_RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS;
    }
  }

  /** Why the database refused, when {@code e} is such a refusal. */
  static Optional<Cause> reason(Throwable e) {
    // the most telling link wins: Hikari's pool timeout carries the last connect failure's state,
    // Spring wraps an exhausted pool and a dead server alike in a resource failure, and a failed
    // rollback hides the work's own failure (ConnectionFailures.chain looks behind it)
    boolean poolTimeout = false;
    boolean resourceFailure = false;
    Cause busy = null;
    for (Throwable t : ConnectionFailures.chain(e)) {
      if (t instanceof SQLException s && ConnectionFailures.isUnavailable(s)) {
        return Optional.of(unavailable(s.getSQLState()));
      }
      if (t instanceof SQLException s && s.getSQLState() != null) {
        if (busy == null && "55P03".equals(s.getSQLState())) {
          busy = new Cause(false, "a lock held by another change was not released in time");
        } else if (busy == null && "57014".equals(s.getSQLState())) {
          busy = new Cause(false, "the database statement took longer than its limit");
        }
      }
      poolTimeout |= t instanceof SQLTransientConnectionException;
      resourceFailure |= t instanceof DataAccessResourceFailureException;
    }
    if (busy != null) {
      return Optional.of(busy);
    }
    if (poolTimeout) {
      return Optional.of(new Cause(false, "no database connection became free in time"));
    }
    if (resourceFailure) {
      return Optional.of(new Cause(true, "the database could not be reached"));
    }
    return Optional.empty();
  }

  private static Cause unavailable(String state) {
    if ("25006".equals(state)) {
      return new Cause(true, "the database server is no longer the primary");
    }
    if (state != null && state.startsWith("57P")) {
      return new Cause(true, "the database server is shutting down, starting or recovering");
    }
    return new Cause(true, "no connection to a primary database server");
  }

  /** The 503 problem for {@code cause}; send it with {@code Retry-After}. */
  static ProblemDetail problem(Cause cause, HttpServletRequest request) {
    String detail =
        cause.unavailable()
            ? "The database is unavailable: "
                + cause.reason()
                + ". A change cut off by it may or may not have been applied: retry it (with the"
                + " same Idempotency-Key where the operation takes one) after "
                + cause.retryAfterSeconds()
                + " s."
            : "The request changed nothing: "
                + cause.reason()
                + ". Retry after "
                + cause.retryAfterSeconds()
                + " s.";
    ProblemDetail p = Problems.of(HttpStatus.SERVICE_UNAVAILABLE, cause.title(), detail, request);
    p.setProperty("retryAfterSeconds", cause.retryAfterSeconds());
    return p;
  }
}
