package io.tenantfabric.controller.transaction;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Whether a failure is the database's rather than the work's: no connection to be had, a connection
 * lost (SQL state class 08), a server shutting down or not yet accepting connections (57P01..57P03)
 * or no longer the primary (25006), as while PostgreSQL fails over. A group commit does not split a
 * group that failed so: each request on its own would only wait for a connection again.
 */
public final class ConnectionFailures {

  // HikariCP's ProxyConnection.ClosedConnection: every call on an evicted connection throws this
  private static final String HIKARI_CLOSED = "Connection is closed";

  private ConnectionFailures() {}

  /** Whether {@code e}, or any of its causes, says the database could not be used at all. */
  public static boolean isConnectionFailure(Throwable e) {
    for (Throwable t : chain(e)) {
      if (t instanceof SQLTransientConnectionException
          || t instanceof DataAccessResourceFailureException) {
        return true;
      }
      if (t instanceof SQLException s && isUnavailable(s)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code e} and its causes, then, when a rollback's failure replaced it (a {@link
   * TransactionSystemException} from a template whose work failed first), the work's own failure
   * and its causes: on a lost connection the rollback fails too, and only the first failure may
   * carry the SQL state that tells what happened.
   */
  public static List<Throwable> chain(Throwable e) {
    List<Throwable> all = new ArrayList<>();
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable t = e; t != null && seen.add(t); ) {
      all.add(t);
      // at the chain's end, the work's failure behind a rollback's failure anywhere in it
      t = t.getCause() != null ? t.getCause() : applicationException(all);
    }
    return all;
  }

  private static Throwable applicationException(List<Throwable> walked) {
    for (Throwable t : walked) {
      if (t instanceof TransactionSystemException tse && tse.getApplicationException() != null) {
        return tse.getApplicationException();
      }
    }
    return null;
  }

  /**
   * Whether {@code e} says the server cannot be used now: by its SQL state, or as HikariCP says it
   * of a connection it has already evicted as broken ("Connection is closed", without a state),
   * which is what a rollback after a lost connection meets.
   */
  public static boolean isUnavailable(SQLException e) {
    return isUnavailableState(e.getSQLState())
        || (e.getSQLState() == null && HIKARI_CLOSED.equals(e.getMessage()));
  }

  /** Whether PostgreSQL's {@code sqlState} says the server cannot be used now, not the work. */
  public static boolean isUnavailableState(String sqlState) {
    return sqlState != null
        && (sqlState.startsWith("08")
            || sqlState.equals("57P01")
            || sqlState.equals("57P02")
            || sqlState.equals("57P03")
            || sqlState.equals("25006"));
  }
}
