package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.concurrent.DaemonThreads;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * One provisioner per database schema: the instance holding a session-level advisory lock on a
 * dedicated connection (never a pooled one: the lock lives and dies with that session) runs the
 * provisioner and the reconciler; the others try again every half second and take over when the
 * holder dies (PostgreSQL releases the lock as soon as its connection is gone). Before each prepare
 * and each confirm the leader checks that it still holds the lock and abandons the batch if not.
 * After a failover the promoted standby holds no advisory lock at all, so the lock is free as soon
 * as it accepts connections: every wait on the lock's session is bounded (connection attempts by
 * the URL's {@code connectTimeout}, each check by {@code CHECK}), so a leader whose session died
 * notices within the watch period and one check, however the server vanished, and takes the lock
 * again on whichever server the URL's {@code targetServerType=primary} finds.
 */
@Component
class Leadership implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(Leadership.class);
  // pg_advisory_lock(int4, int4): the fabric controller's key, and the schema's hash (advisory
  // locks are per database, and two deployments may keep their schemas in one database)
  private static final int CLASS_KEY = 0x7466_6162; // "tfab"
  private static final Duration RETRY = Duration.ofMillis(500);
  private static final Duration WATCH = Duration.ofMillis(500);
  // the longest the lock's session may take to answer; it also bounds reads on a dead socket (a
  // failed-over primary that vanished from the network), where a query timeout's cancel request
  // could not reach the server and the check would hang until the kernel gave up
  private static final Duration CHECK = Duration.ofSeconds(2);

  private final String url;
  private final String user;
  private final String password;
  private Connection connection;
  private final ScheduledExecutorService watchdog =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("leadership-watch"));
  private ScheduledFuture<?> watching;
  // counts leadership terms: a watchdog check that started in an earlier term (it may wait on this
  // monitor while release() and the next acquire() run) must not cut the sessions of a new term
  private long term;

  Leadership(
      @Value("${spring.datasource.url}") String url,
      @Value("${spring.datasource.username}") String user,
      @Value("${spring.datasource.password:}") String password) {
    this.url = url;
    this.user = user;
    this.password = password;
  }

  /** Blocks until this instance holds the lock (or the thread is interrupted: false). */
  synchronized boolean acquire() {
    boolean waiting = false;
    while (!Thread.currentThread().isInterrupted()) {
      try {
        if (connection == null || connection.isClosed()) {
          Properties p = new Properties();
          p.setProperty("user", user);
          p.setProperty("password", password);
          p.setProperty("ApplicationName", "tenant-fabric provisioner lock");
          connection = DriverManager.getConnection(url, p);
          connection.setNetworkTimeout(Runnable::run, (int) CHECK.toMillis());
        }
        try (PreparedStatement st =
            connection.prepareStatement(
                "SELECT pg_try_advisory_lock(?, hashtext(current_schema()))"); ) {
          st.setInt(1, CLASS_KEY);
          try (ResultSet rs = st.executeQuery()) {
            rs.next();
            if (rs.getBoolean(1)) {
              log.info("became the provisioning leader");
              return true;
            }
          }
        }
        if (!waiting) {
          log.info("another instance runs the provisioner; standing by");
          waiting = true;
        }
      } catch (SQLException e) {
        log.warn("provisioner lock connection failed ({}); retrying", e.getMessage());
        close();
      }
      try {
        Thread.sleep(RETRY.toMillis()); // the take-over latency, not a poll of work
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return false;
  }

  /**
   * Whether this instance still holds the lock: its connection answers and PostgreSQL lists the
   * lock as granted to that session. False means another instance may be leading already.
   */
  synchronized boolean held() {
    if (connection == null) {
      return false;
    }
    try (PreparedStatement st =
        connection.prepareStatement(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'"
                + " AND pid = pg_backend_pid() AND granted AND classid = ?::oid"
                + " AND objid = hashtext(current_schema())::oid AND objsubid = 2)")) {
      st.setQueryTimeout((int) CHECK.toSeconds());
      st.setInt(1, CLASS_KEY);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    } catch (SQLException e) {
      log.warn("provisioner lock connection lost: {}", e.getMessage());
      close();
      return false;
    }
  }

  /**
   * Checks the lock every half second while it is held and runs {@code onLoss} once when it is
   * gone: the provisioner then cuts its switch sessions at once, rather than at its next check
   * between the phases of a batch, so that a fenced-off leader holds no switch lock for long. The
   * check belongs to the current term: once {@link #release()} has run it does nothing, and {@code
   * onLoss} runs under this monitor, so the next term cannot begin while it runs.
   */
  synchronized void watch(Runnable onLoss) {
    stopWatching();
    long watched = term;
    watching =
        watchdog.scheduleWithFixedDelay(
            () -> {
              synchronized (this) {
                if (watched == term && !held()) {
                  stopWatching();
                  onLoss.run();
                }
              }
            },
            WATCH.toMillis(),
            WATCH.toMillis(),
            TimeUnit.MILLISECONDS);
  }

  /**
   * Gives the lock up (closing its session releases it) and ends the term: a watchdog check of this
   * term still in flight does nothing. The caller cuts its own switch sessions if another instance
   * may lead next.
   */
  synchronized void release() {
    term++;
    stopWatching();
    close();
  }

  @Override
  public void destroy() {
    watchdog.shutdownNow();
  }

  private synchronized void stopWatching() {
    if (watching != null) {
      watching.cancel(false);
      watching = null;
    }
  }

  private void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // the session is gone either way, and with it the lock
      }
      connection = null;
    }
  }
}
