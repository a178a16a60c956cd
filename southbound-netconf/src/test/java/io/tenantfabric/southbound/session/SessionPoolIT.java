package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.endpoint;
import static io.tenantfabric.southbound.testing.EmulatorSupport.eventually;
import static io.tenantfabric.southbound.testing.EmulatorSupport.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import io.tenantfabric.southbound.transport.HostKeyRejectedException;
import io.tenantfabric.southbound.transport.SshAuthenticationException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.w3c.dom.Element;

/** One long-lived session per switch; dead sessions are replaced with back-off. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SessionPoolIT {

  static final Backoff PATIENT =
      new Backoff(Duration.ofMillis(50), Duration.ofMillis(400), 2.0, 0.5, 40);

  EmulatedFabric fabric;
  NetconfClient client;
  EmulatedDevice leaf;

  @BeforeAll
  void start() {
    fabric = EmulatorSupport.startMini(Profile.COMWARE7);
    leaf = EmulatorSupport.firstLeaf(fabric);
    client = new NetconfClient();
  }

  @AfterEach
  void deviceUp() {
    leaf.clearFaults();
    leaf.start();
  }

  @AfterAll
  void stop() {
    client.close();
    fabric.close();
  }

  private SessionPool pool(Backoff backoff) {
    return new SessionPool(client, settings(), backoff);
  }

  /**
   * Takes the switch's session, stops the switch, and asks the pool for the session again on
   * another thread: returned once that caller has failed {@code attempts} connects and is in its
   * back-off.
   */
  private CompletableFuture<NetconfSession> reconnectingWhileDown(SessionPool pool, int attempts) {
    NetconfSession before = pool.session(endpoint(leaf));
    leaf.stop();
    // stop() returns before the client's I/O thread has seen the TCP close; until then the
    // pooled session still looks open and the pool rightly hands it out again, with no attempt.
    assertThat(eventually(Duration.ofSeconds(10), () -> !before.isOpen())).isTrue();
    CompletableFuture<NetconfSession> reconnect =
        CompletableFuture.supplyAsync(() -> pool.session(endpoint(leaf)));
    assertThat(eventually(Duration.ofSeconds(10), () -> pool.stats().failedAttempts() >= attempts))
        .isTrue();
    return reconnect;
  }

  @Test
  void handsOutTheSameOpenSessionAndCountsReuse() {
    try (SessionPool pool = pool(Backoff.defaults())) {
      NetconfSession first = pool.session(endpoint(leaf));
      String id = first.sessionId();
      for (int i = 0; i < 999; i++) {
        try (NetconfSession s = pool.session(endpoint(leaf))) {
          assertThat(s.sessionId()).isEqualTo(id);
        }
      }
      assertThat(first.isOpen()).as("closing a pooled handle keeps the session").isTrue();
      first.get(null);
      PoolStats stats = pool.stats();
      assertThat(stats.handouts()).isEqualTo(1000);
      assertThat(stats.connects()).isEqualTo(1);
      assertThat(stats.reused()).isEqualTo(999);
      assertThat(stats.reuseRatio()).isGreaterThanOrEqualTo(0.999);
    }
  }

  @Test
  void evictAllClosesEverySessionAndThePoolConnectsAgain() {
    try (SessionPool pool = pool(Backoff.defaults())) {
      NetconfSession before = pool.session(endpoint(leaf));
      String oldId = before.sessionId();

      pool.evictAll();

      assertThat(before.isOpen()).as("the pooled session was closed").isFalse();
      NetconfSession after = pool.session(endpoint(leaf));
      assertThat(after.sessionId()).isNotEqualTo(oldId);
      assertThat(after.get(null).getLocalName()).isEqualTo("data");
      assertThat(pool.stats().connects()).isEqualTo(2);
    }
  }

  /**
   * A fenced-off leader cuts its sessions: at once, with no {@code <close-session/>} queued behind
   * what is in flight. A graceful close would wait for that reply behind the slow get, which would
   * then have its answer; cut, the get fails and the switch releases the session's lock.
   */
  @Test
  void evictAllCutsASessionWithAnRpcInFlightAndTheSwitchReleasesItsLock() {
    try (SessionPool pool = pool(Backoff.defaults())) {
      NetconfSession held = pool.session(endpoint(leaf));
      held.lock(Datastore.RUNNING);
      leaf.injectFault(new Fault(FaultType.DELAY, 0, 5_000));
      CompletableFuture<Element> slow = held.rpcAsync("<get/>");

      pool.evictAll();

      ExecutionException failed =
          catchThrowableOfType(ExecutionException.class, () -> slow.get(30, TimeUnit.SECONDS));
      assertThat(failed.getCause())
          .isInstanceOf(NetconfException.class)
          .hasMessageContaining("session cut");
      assertThat(held.isOpen()).isFalse();
      leaf.clearFaults();
      NetconfSession next = pool.session(endpoint(leaf));
      assertThat(next.sessionId()).isNotEqualTo(held.sessionId());
      next.lock(Datastore.RUNNING); // throws lock-denied while the cut session still held it
      next.unlock(Datastore.RUNNING);
    }
  }

  /**
   * Eviction does not wait for a caller that is connecting the switch (that can take seconds of
   * back-off): the caller cuts the session it then connects and fails, so nothing opened before the
   * evict acts after it.
   */
  @Test
  void evictAllDoesNotWaitForAConnectInProgressAndThatConnectIsCut() throws Exception {
    try (SessionPool pool = pool(PATIENT)) {
      // an attempt failed: the caller is in its back-off, holding the switch's slot
      CompletableFuture<NetconfSession> reconnect = reconnectingWhileDown(pool, 1);

      pool.evictAll();

      assertThat(reconnect).as("evictAll returned before the connect ended").isNotDone();
      leaf.start();
      ExecutionException cut =
          catchThrowableOfType(ExecutionException.class, () -> reconnect.get(30, TimeUnit.SECONDS));
      assertThat(cut.getCause())
          .isInstanceOf(NetconfException.class)
          .hasMessageContaining("cut while it connected");
      NetconfSession after = pool.session(endpoint(leaf));
      assertThat(after.get(null).getLocalName()).isEqualTo("data");
      assertThat(pool.openSessions()).isEqualTo(1);
    }
  }

  @Test
  void reconnectsAfterTheSwitchStopsAndStartsAgain() {
    try (SessionPool pool = pool(Backoff.defaults())) {
      NetconfSession before = pool.session(endpoint(leaf));
      String oldId = before.sessionId();

      leaf.stop();
      assertThat(eventually(Duration.ofSeconds(10), () -> !before.isOpen())).isTrue();
      leaf.start();

      NetconfSession after = pool.session(endpoint(leaf));
      assertThat(after.isOpen()).isTrue();
      assertThat(after.get(null).getLocalName()).isEqualTo("data");
      assertThat(pool.stats().connects()).isEqualTo(2);
      assertThat(after.sessionId()).isNotNull();
      assertThat(oldId).isNotNull();
    }
  }

  @Test
  void waitsWithBackoffUntilTheSwitchReturns() throws Exception {
    try (SessionPool pool = pool(PATIENT)) {
      CompletableFuture<NetconfSession> reconnect = reconnectingWhileDown(pool, 2);
      assertThat(reconnect).isNotDone();
      leaf.start();
      NetconfSession s = reconnect.get(30, TimeUnit.SECONDS);
      assertThat(s.isOpen()).isTrue();
      assertThat(pool.stats().connects()).isEqualTo(2);
    }
  }

  @Test
  void keepaliveDetectsAHungPathAndThePoolReplacesTheSession() throws Exception {
    SessionSettings heartbeat = settings().withKeepalive(Duration.ofMillis(300));
    try (FreezableProxy proxy = new FreezableProxy(leaf.host(), leaf.port());
        SessionPool pool = new SessionPool(client, heartbeat, Backoff.defaults())) {
      DeviceEndpoint viaProxy =
          new DeviceEndpoint(
              leaf.name(), "127.0.0.1", proxy.port(), "admin", "admin", leaf.hostKeySha256());
      NetconfSession first = pool.session(viaProxy);
      first.get(null);
      proxy.freeze(); // TCP stays up, nothing gets through: only the SSH heartbeat can tell
      assertThat(eventually(Duration.ofSeconds(15), () -> !first.isOpen())).isTrue();

      NetconfSession direct = pool.session(endpoint(leaf));
      assertThat(direct.get(null).getLocalName()).isEqualTo("data");
      assertThat(pool.stats().connects()).isEqualTo(2);
    }
  }

  /**
   * The inventory moved the switch to another address: the session to the old one is cut before the
   * next caller gets a session, and that session runs over the new address.
   */
  @Test
  void aChangedAddressCutsTheOldSessionAndTheNextUseReachesTheNewOne() throws Exception {
    try (FreezableProxy proxy = new FreezableProxy(leaf.host(), leaf.port());
        SessionPool pool = pool(Backoff.defaults())) {
      NetconfSession direct = pool.session(endpoint(leaf));
      DeviceEndpoint moved =
          new DeviceEndpoint(
              leaf.name(), "127.0.0.1", proxy.port(), "admin", "admin", leaf.hostKeySha256());

      NetconfSession viaProxy = pool.session(moved);

      assertThat(direct.isOpen()).as("the session to the old address").isFalse();
      assertThat(viaProxy.get(null).getLocalName()).isEqualTo("data");
      assertThat(pool.stats().connects()).isEqualTo(2);
      proxy.close(); // only a session through the proxy ends with it
      assertThat(eventually(Duration.ofSeconds(10), () -> !viaProxy.isOpen())).isTrue();
    }
  }

  /**
   * A replaced host key or password in the inventory is not served by the session opened under the
   * old one: the next use connects again, and a switch that does not match fails.
   */
  @Test
  void aChangedHostKeyOrPasswordIsCheckedOnTheNextUse() {
    try (SessionPool pool = pool(Backoff.defaults())) {
      NetconfSession first = pool.session(endpoint(leaf));
      DeviceEndpoint otherKey =
          new DeviceEndpoint(
              leaf.name(),
              leaf.host(),
              leaf.port(),
              "admin",
              "admin",
              "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");

      catchThrowableOfType(HostKeyRejectedException.class, () -> pool.session(otherKey));
      assertThat(first.isOpen()).as("the session opened under the old key").isFalse();

      NetconfSession again = pool.session(endpoint(leaf));
      DeviceEndpoint otherPassword =
          new DeviceEndpoint(
              leaf.name(), leaf.host(), leaf.port(), "admin", "wrong", leaf.hostKeySha256());
      catchThrowableOfType(SshAuthenticationException.class, () -> pool.session(otherPassword));
      assertThat(again.isOpen()).as("the session opened with the old password").isFalse();
      assertThat(pool.openSessions()).isZero();
    }
  }

  @Test
  void givesUpAfterTheLastAttemptNamingTheSwitch() {
    Backoff short3 = new Backoff(Duration.ofMillis(10), Duration.ofMillis(20), 2.0, 0.0, 3);
    try (SessionPool pool = pool(short3)) {
      leaf.stop();
      NetconfException e =
          catchThrowableOfType(NetconfException.class, () -> pool.session(endpoint(leaf)));
      assertThat(e.device()).isEqualTo(leaf.name());
      assertThat(e.getMessage()).contains("unreachable after 3 attempts");
      assertThat(pool.stats().failedAttempts()).isEqualTo(3);
    }
  }

  @Test
  void aRefusedHostKeyIsNotRetried() {
    try (SessionPool pool = pool(Backoff.defaults())) {
      DeviceEndpoint wrong =
          new DeviceEndpoint(
              leaf.name(),
              leaf.host(),
              leaf.port(),
              "admin",
              "admin",
              "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
      catchThrowableOfType(HostKeyRejectedException.class, () -> pool.session(wrong));
      assertThat(pool.stats().failedAttempts()).isEqualTo(1);
    }
  }
}
