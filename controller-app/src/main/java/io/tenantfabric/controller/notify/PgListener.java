package io.tenantfabric.controller.notify;

import io.tenantfabric.controller.concurrent.DaemonLoop;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * PostgreSQL {@code LISTEN} on one dedicated connection (not from the pool: a pooled connection
 * would hand its notifications to whoever borrows it next), dispatching each notification's payload
 * to the channel's subscribers on the listener thread. After a lost connection it reconnects with
 * back-off and calls every subscriber with {@code null} ("you may have missed something"), so that
 * nobody waits for a notification that went to the dead connection. The URL may name several hosts
 * ({@code targetServerType=primary}): after a failover the reconnect finds the promoted one.
 */
@Component
public class PgListener implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(PgListener.class);
  private static final int POLL_MILLIS = 250;
  // waiting for notifications reads nothing, so a connection whose server vanished from the
  // network (a failed-over primary) would look idle forever: ask it something this often, and
  // give it this long to answer, to find out
  private static final long PROBE_MILLIS = 5_000;
  private static final int PROBE_TIMEOUT_SECONDS = 2;

  private final String url;
  private final String user;
  private final String password;
  private final Map<String, List<Consumer<String>>> subscribers = new ConcurrentHashMap<>();
  private final DaemonLoop worker = new DaemonLoop("pg-listen", this::run);
  private volatile boolean running;

  PgListener(
      @Value("${spring.datasource.url}") String url,
      @Value("${spring.datasource.username}") String user,
      @Value("${spring.datasource.password:}") String password) {
    this.url = url;
    this.user = user;
    this.password = password;
  }

  /** Calls {@code handler} with the payload of every notification on {@code channel}. */
  public void subscribe(String channel, Consumer<String> handler) {
    subscribers.computeIfAbsent(channel, c -> new CopyOnWriteArrayList<>()).add(handler);
  }

  @Override
  public void start() {
    running = true;
    worker.start();
  }

  @Override
  public void stop() {
    running = false;
    worker.stop(Duration.ofSeconds(5));
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return Integer.MIN_VALUE + 100; // before the provisioner, after the datasource
  }

  private void run() {
    long backoff = 100;
    boolean first = true;
    while (running) {
      try (Connection c = DriverManager.getConnection(url, user, password)) {
        try (Statement st = c.createStatement()) {
          for (String channel : subscribers.keySet()) {
            st.execute("LISTEN " + channel);
          }
        }
        if (!first) {
          log.info("LISTEN connection restored; telling subscribers they may have missed some");
          dispatchAll(null);
        }
        first = false;
        backoff = 100;
        PGConnection pg = c.unwrap(PGConnection.class);
        long probeAt = System.nanoTime() + PROBE_MILLIS * 1_000_000;
        while (running) {
          PGNotification[] ns = pg.getNotifications(POLL_MILLIS);
          if (ns != null) {
            for (PGNotification n : ns) {
              dispatch(n.getName(), n.getParameter());
            }
          }
          if (System.nanoTime() - probeAt >= 0) {
            // notifications that arrive with the probe's answer are kept for the next poll
            if (!c.isValid(PROBE_TIMEOUT_SECONDS)) {
              throw new SQLException("the LISTEN connection did not answer a probe", "08006");
            }
            probeAt = System.nanoTime() + PROBE_MILLIS * 1_000_000;
          }
        }
      } catch (SQLException e) {
        if (!running) {
          return;
        }
        log.warn("LISTEN connection lost ({}); reconnecting in {} ms", e.getMessage(), backoff);
        first = false;
        try {
          Thread.sleep(backoff); // a back-off between reconnects, not a poll
        } catch (InterruptedException ie) {
          return;
        }
        backoff = Math.min(5_000, backoff * 2);
      }
    }
  }

  private void dispatchAll(String payload) {
    for (String channel : subscribers.keySet()) {
      dispatch(channel, payload);
    }
  }

  private void dispatch(String channel, String payload) {
    for (Consumer<String> handler : subscribers.getOrDefault(channel, List.of())) {
      try {
        handler.accept(payload == null || payload.isEmpty() ? null : payload);
      } catch (RuntimeException e) {
        log.error("subscriber of {} failed on {}", channel, payload, e);
      }
    }
  }
}
