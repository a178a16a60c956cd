package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.transport.HostKeyRejectedException;
import io.tenantfabric.southbound.transport.SshAuthenticationException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one long-lived session per switch and hands it out; a dead session (closed channel,
 * keepalive lost, framing broken) is replaced, retrying with jittered exponential back-off. A
 * session serves only the peer it was opened for: an endpoint that differs in anything (host, port,
 * user, password, pinned host key) cuts it and connects afresh. Closing a handed-out session only
 * returns it to the pool.
 */
public final class SessionPool implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SessionPool.class);

  private final NetconfClient client;
  private final SessionSettings settings;
  private final Backoff backoff;
  private final ConcurrentHashMap<String, Slot> slots = new ConcurrentHashMap<>();
  private final AtomicLong handouts = new AtomicLong();
  private final AtomicLong reused = new AtomicLong();
  private final AtomicLong connects = new AtomicLong();
  private final AtomicLong failedAttempts = new AtomicLong();
  private final AtomicLong reconnects = new AtomicLong();
  private volatile boolean closed;

  public SessionPool(NetconfClient client, SessionSettings settings, Backoff backoff) {
    this.client = client;
    this.settings = settings;
    this.backoff = backoff;
  }

  /**
   * The open session of this switch to {@code endpoint}, connecting or reconnecting first if
   * needed; a session opened for another endpoint of the switch (the inventory changed since) is
   * cut first.
   *
   * @throws NetconfException naming the switch once every attempt failed; a refused host key or
   *     refused credentials fail at once, as retrying cannot fix them
   */
  public NetconfSession session(DeviceEndpoint endpoint) {
    if (closed) {
      throw new NetconfException(endpoint.name(), "session pool is closed");
    }
    handouts.incrementAndGet();
    while (true) {
      Slot slot = slots.computeIfAbsent(endpoint.name(), n -> new Slot());
      synchronized (slot) {
        if (slot.evicted) {
          continue; // evicted after we found it: the map holds a new slot, or will
        }
        if (slot.session != null && !endpoint.equals(slot.endpoint)) {
          // A changed address, account or pinned key may mean another device (an RMA, a suspected
          // compromise): the old peer gets no further rpc, and cut, it releases its locks at once.
          LOG.info(
              "{}: {} changed (now {}), cutting the session opened before",
              endpoint.name(),
              changed(slot.endpoint, endpoint),
              endpoint);
          slot.session.cut();
          slot.session = null;
          slot.handle = null;
          slot.endpoint = null;
        }
        if (slot.session != null && slot.session.isOpen()) {
          reused.incrementAndGet();
          return slot.handle;
        }
        if (slot.session != null) {
          LOG.info("{}: pooled session {} is dead, reconnecting", endpoint.name(), slot.session);
          slot.session.close();
          reconnects.incrementAndGet();
        }
        NetconfSession fresh = connectWithBackoff(endpoint);
        slot.handle = new PooledSession(fresh);
        slot.endpoint = endpoint;
        slot.session = fresh;
        if (slot.evicted) { // evicted while connecting: this session must not act either
          fresh.cut();
          throw new NetconfException(endpoint.name(), "the session was cut while it connected");
        }
        return slot.handle;
      }
    }
  }

  // what differs, never the passwords themselves
  private static String changed(DeviceEndpoint was, DeviceEndpoint now) {
    List<String> fields = new ArrayList<>();
    if (!was.host().equals(now.host()) || was.port() != now.port()) {
      fields.add("address");
    }
    if (!was.username().equals(now.username())) {
      fields.add("user");
    }
    if (!Objects.equals(was.password(), now.password())) {
      fields.add("password");
    }
    if (!Objects.equals(was.hostKeySha256(), now.hostKeySha256())) {
      fields.add("pinned host key");
    }
    return String.join(", ", fields);
  }

  private NetconfSession connectWithBackoff(DeviceEndpoint endpoint) {
    NetconfException last = null;
    for (int attempt = 1; attempt <= backoff.maxAttempts(); attempt++) {
      try {
        NetconfSession s = client.connect(endpoint, settings);
        connects.incrementAndGet();
        return s;
      } catch (HostKeyRejectedException | SshAuthenticationException e) {
        failedAttempts.incrementAndGet();
        throw e;
      } catch (NetconfException e) {
        failedAttempts.incrementAndGet();
        last = e;
        if (attempt < backoff.maxAttempts()) {
          Duration wait = backoff.delayAfter(attempt, ThreadLocalRandom.current()::nextDouble);
          LOG.info(
              "{}: connect attempt {} failed ({}), retrying in {} ms",
              endpoint.name(),
              attempt,
              e.getMessage(),
              wait.toMillis());
          pause(endpoint.name(), wait);
        }
      }
    }
    throw new NetconfException(
        endpoint.name(),
        "unreachable after " + backoff.maxAttempts() + " attempts: " + last.getMessage(),
        last);
  }

  private void pause(String device, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new NetconfException(device, "interrupted during reconnect back-off");
      }
      if (closed) {
        throw new NetconfException(device, "session pool closed during reconnect back-off");
      }
    }
  }

  /**
   * Cuts and forgets the switch's session, e.g. after a transaction left it in doubt: at once, and
   * without waiting for a caller that is connecting it (that caller cuts what it connected and
   * fails). Every rpc in flight on the session fails now.
   */
  public void evict(String device) {
    Slot slot = slots.remove(device);
    if (slot != null) {
      slot.cut();
    }
  }

  /**
   * Cuts and forgets every switch's session but stays open for new ones: a provisioner that lost
   * its leadership cuts its sessions, so that the switches roll back what it left prepared and
   * release its locks for the new leader. It takes no round trip and waits for no session: a
   * graceful close, one switch after another, would take a {@code <close-session/>} round trip each
   * behind the rpcs in flight, and the sessions not yet reached would go on preparing while the new
   * leader's batch is refused their locks.
   */
  public void evictAll() {
    for (String device : List.copyOf(slots.keySet())) {
      evict(device);
    }
  }

  /** Sessions open now (one per switch at most). */
  public int openSessions() {
    int open = 0;
    for (Slot slot : slots.values()) {
      NetconfSession s = slot.session;
      if (s != null && s.isOpen()) {
        open++;
      }
    }
    return open;
  }

  /** Sessions found dead when handed out and opened again. */
  public long reconnects() {
    return reconnects.get();
  }

  public PoolStats stats() {
    return new PoolStats(handouts.get(), reused.get(), connects.get(), failedAttempts.get());
  }

  /** Closes every pooled session. */
  @Override
  public void close() {
    closed = true;
    List<Slot> all = new ArrayList<>(slots.values());
    slots.clear();
    for (Slot slot : all) {
      synchronized (slot) {
        if (slot.session != null) {
          slot.session.close();
        }
      }
    }
  }

  /**
   * One switch's session. Connecting and reuse run under the slot's monitor; eviction does not take
   * it (a connect may take seconds of back-off), so {@code evicted} and {@code session} are
   * volatile: an evict that finds no session yet is seen by the connecting caller after it sets
   * one, and that caller cuts it.
   */
  private static final class Slot {
    volatile NetconfSession session;
    NetconfSession handle; // read and written under the slot's monitor only
    DeviceEndpoint endpoint; // what session was opened for; under the monitor only
    volatile boolean evicted;

    void cut() {
      evicted = true;
      NetconfSession s = session;
      if (s != null) {
        s.cut();
      }
    }
  }
}
