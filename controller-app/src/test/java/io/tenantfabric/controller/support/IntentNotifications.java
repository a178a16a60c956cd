package io.tenantfabric.controller.support;

import io.tenantfabric.db.provisioning.IntentGenerations;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The provisioner's wake-up calls as PostgreSQL delivers them: a pooled connection that listens on
 * the intent channel ({@link IntentGenerations#INTENT_CHANNEL}), for tests of when an intent change
 * tells the provisioner and when it does not. Closing it stops the listening before the connection
 * goes back to the pool.
 */
public final class IntentNotifications implements AutoCloseable {

  private final Connection connection;

  private IntentNotifications(Connection connection) {
    this.connection = connection;
  }

  /** Listens from now on, on a connection of {@code dataSource}. */
  public static IntentNotifications listen(DataSource dataSource) throws SQLException {
    Connection c = dataSource.getConnection();
    try (Statement st = c.createStatement()) {
      st.execute("LISTEN " + IntentGenerations.INTENT_CHANNEL);
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return new IntentNotifications(c);
  }

  /**
   * The payloads that arrived first, within {@code wait} (those PostgreSQL delivered together, in
   * commit order); empty if none did.
   */
  public List<String> first(Duration wait) throws SQLException {
    List<String> payloads = new ArrayList<>();
    PGConnection pg = connection.unwrap(PGConnection.class);
    long end = System.nanoTime() + wait.toNanos();
    while (payloads.isEmpty() && System.nanoTime() < end) {
      // at least 1 ms: a timeout of 0 would block until a notification comes
      long leftMillis = Math.max(1, (end - System.nanoTime()) / 1_000_000);
      PGNotification[] arrived = pg.getNotifications((int) Math.min(leftMillis, 500));
      if (arrived != null) {
        for (PGNotification n : arrived) {
          payloads.add(n.getParameter());
        }
      }
    }
    return payloads;
  }

  @Override
  public void close() throws SQLException {
    try (connection;
        Statement st = connection.createStatement()) {
      st.execute("UNLISTEN *");
    }
  }
}
