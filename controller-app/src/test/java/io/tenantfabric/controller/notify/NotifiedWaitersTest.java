package io.tenantfabric.controller.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * When a waiter reads at once and when it leaves it to the notification: the notifications come
 * from a listener that is never started, called here as PostgreSQL's would call it.
 */
class NotifiedWaitersTest {

  /** A listener whose notifications the test sends. */
  private final Listener listener = new Listener();

  /** What each thing is, as the waiters read it. */
  private final Map<UUID, String> states = new ConcurrentHashMap<>();

  /** Every read the waiters made, with its ids. */
  private final List<Set<UUID>> reads = Collections.synchronizedList(new ArrayList<>());

  private final Waiters waiters = new Waiters();

  @AfterEach
  void stop() {
    waiters.destroy();
  }

  @Test
  void aWaiterOnItsOwnChangeIsNotReadUntilItsNotificationComes() throws Exception {
    UUID id = UUID.randomUUID();
    DeferredResult<ResponseEntity<String>> r = waitingOnPending(id);
    // another thing settles: its read comes after any read the registration would have asked for
    // (one thread drains the waiters, in order), so without one its read holds it alone
    UUID other = UUID.randomUUID();
    DeferredResult<ResponseEntity<String>> o = waitingOnPending(other);
    states.put(other, "DONE");
    waiters.settled(List.of(other));
    assertThat(answer(o)).isEqualTo("DONE");
    assertThat(reads)
        .as("no read of %s before its notification", id)
        .containsExactly(Set.of(other));
    states.put(id, "DONE");
    listener.send(id.toString());
    assertThat(answer(r)).isEqualTo("DONE");
    assertThat(reads).containsExactly(Set.of(other), Set.of(id));
  }

  @Test
  void aNotificationThatCameBeforeItsWaiterIsKeptForIt() throws Exception {
    // settled before the request registered its waiter
    assertThat(doneBeforeRegistering(id -> listener.send(id.toString()))).isEqualTo("DONE");
  }

  @Test
  void aReconnectedListenerMakesEveryNewWaiterReadAtOnce() throws Exception {
    // the listener lost its connection: a notification may be lost
    assertThat(doneBeforeRegistering(id -> listener.send(null))).isEqualTo("DONE");
  }

  @Test
  void forgettingUnclaimedNotificationsMakesANewWaiterReadAtOnce() throws Exception {
    String answer =
        doneBeforeRegistering(
            id -> {
              listener.send(id.toString());
              for (int i = 0; i < NotifiedWaiters.MAX_UNCLAIMED; i++) { // id is forgotten
                listener.send(UUID.randomUUID().toString());
              }
            });
    assertThat(answer).isEqualTo("DONE");
  }

  @Test
  void aWaiterOnAChangeItDidNotMakeReadsAtOnce() throws Exception {
    UUID id = UUID.randomUUID();
    states.put(id, "DONE"); // settled long ago: a replayed request waits for it
    DeferredResult<ResponseEntity<String>> r =
        waiters.await(id, Duration.ofSeconds(30), done(), () -> null);
    assertThat(answer(r)).isEqualTo("DONE");
  }

  @Test
  void whatThisInstanceSettledWakesItsWaitersWithoutTheNotification() throws Exception {
    UUID id = UUID.randomUUID();
    DeferredResult<ResponseEntity<String>> r = waitingOnPending(id);
    states.put(id, "DONE");
    waiters.settled(List.of(id));
    assertThat(answer(r)).isEqualTo("DONE");
  }

  @Test
  void aWaiterWokenBeforeItsThingIsDoneWaitsForTheNextNotification() throws Exception {
    UUID id = UUID.randomUUID();
    DeferredResult<ResponseEntity<String>> r = waitingOnPending(id);
    listener.send(id.toString());
    waitForReads(1);
    assertThat(r.hasResult()).isFalse();
    states.put(id, "DONE");
    listener.send(id.toString());
    assertThat(answer(r)).isEqualTo("DONE");
  }

  /**
   * The answer of a waiter on a thing changed after the mark and done, {@code meanwhile} having
   * happened before the waiter registered.
   */
  private String doneBeforeRegistering(Consumer<UUID> meanwhile) {
    UUID id = UUID.randomUUID();
    long mark = waiters.mark();
    states.put(id, "DONE");
    meanwhile.accept(id);
    return answer(await(id, mark));
  }

  /** A waiter on {@code id}, changed after the waiters' mark and not done yet. */
  private DeferredResult<ResponseEntity<String>> waitingOnPending(UUID id) {
    long mark = waiters.mark();
    states.put(id, "PENDING");
    return await(id, mark);
  }

  private DeferredResult<ResponseEntity<String>> await(UUID id, long mark) {
    return waiters.await(id, mark, Duration.ofSeconds(30), done(), () -> null);
  }

  private void waitForReads(int n) {
    // qualified: this class's own await(id, mark) hides a static import of the name
    Awaitility.await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(5))
        .untilAsserted(() -> assertThat(reads).hasSizeGreaterThanOrEqualTo(n));
  }

  /** The body the waiter was answered with, waiting up to 10 s for it. */
  private static String answer(DeferredResult<ResponseEntity<String>> r) {
    Awaitility.await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(5))
        .untilAsserted(() -> assertThat(r.hasResult()).as("answered within 10 s").isTrue());
    @SuppressWarnings("unchecked")
    ResponseEntity<String> e = (ResponseEntity<String>) r.getResult();
    return e.getBody();
  }

  private static Function<String, Optional<ResponseEntity<String>>> done() {
    return s -> s.equals("DONE") ? Optional.of(ResponseEntity.ok(s)) : Optional.empty();
  }

  private static final class Listener extends PgListener {
    private Consumer<String> handler;

    Listener() {
      super("jdbc:postgresql://127.0.0.1:1/never-connected", "nobody", "");
    }

    @Override
    public void subscribe(String channel, Consumer<String> h) {
      handler = h;
    }

    void send(String payload) {
      handler.accept(payload);
    }
  }

  private final class Waiters extends NotifiedWaiters<String> {
    Waiters() {
      super(listener, "things", "test-waiters");
    }

    @Override
    protected Map<UUID, String> readAll(Set<UUID> ids) {
      reads.add(Set.copyOf(ids));
      return oneByOne(ids, states::get);
    }
  }
}
