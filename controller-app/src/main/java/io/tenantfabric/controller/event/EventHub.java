package io.tenantfabric.controller.event;

import io.tenantfabric.controller.concurrent.DaemonLoop;
import io.tenantfabric.controller.notify.AllocationsSettled;
import io.tenantfabric.controller.notify.IntentCommitted;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.provisioning.IntentGenerations;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * The one reader of {@code events} per instance: it reads the rows that became deliverable after
 * its head (briefly borrowing a pooled connection), keeps the latest in a bounded tail and offers
 * each to every open stream, never waiting on one (a stream whose buffer is full is dropped). It
 * reads when this instance commits an intent change or settles allocations, when a notification the
 * application listens to arrives, and every {@code fabric.events.poll} for other instances' commits
 * and rows an older open transaction held back. It also ends the streams whose token no longer
 * authenticates, every {@code fabric.events.token-check}, in one query.
 */
@Component
class EventHub implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(EventHub.class);
  private static final int PAGE = 1_000;

  private final EventLog events;
  private final StreamTokens tokens;
  private final EventMeters meters;
  private final EventProperties properties;
  private final DaemonLoop reader = new DaemonLoop("event-hub", this::run);
  private final BlockingQueue<Boolean> wake = new ArrayBlockingQueue<>(1);
  private final Object lock = new Object();
  private final ArrayDeque<StoredEvent> tail = new ArrayDeque<>();
  private final Set<EventStream> streams = new LinkedHashSet<>();
  // guarded by lock: the last position read, and the one below which the tail is complete
  private EventPosition head;
  private EventPosition tailFloor;
  private volatile boolean running;

  EventHub(
      EventLog events,
      StreamTokens tokens,
      EventMeters meters,
      EventProperties properties,
      PgListener listener) {
    this.events = events;
    this.tokens = tokens;
    this.meters = meters;
    this.properties = properties;
    listener.subscribe(IntentGenerations.INTENT_CHANNEL, payload -> wake());
    listener.subscribe(IntentGenerations.ALLOCATION_CHANNEL, payload -> wake());
  }

  /** This instance committed an intent change: its events are there to read. */
  @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
  void intentCommitted(IntentCommitted e) {
    wake();
  }

  /** This instance's provisioner committed a batch's outcome. */
  @EventListener
  void settled(AllocationsSettled e) {
    wake();
  }

  void wake() {
    wake.offer(Boolean.TRUE);
  }

  /**
   * Registers {@code stream} and tells it where to start: live from the head now, after catching up
   * from {@code from} (from the tail when it holds everything after it, else from the table).
   * Registered before it catches up, so that nothing committed meanwhile is lost.
   */
  EventStream.Start subscribe(EventStream stream, Optional<EventPosition> from) {
    synchronized (lock) {
      if (head == null) {
        throw new Refusal(
                Refusal.Reason.UNAVAILABLE,
                "Event stream starting",
                "The event stream has not read the database yet; retry.")
            .with("retryAfterSeconds", 1L)
            .retryAfter(Duration.ofSeconds(1));
      }
      streams.add(stream);
      Optional<List<StoredEvent>> fromTail = Optional.empty();
      if (from.isPresent() && from.get().compareTo(tailFloor) >= 0) {
        List<StoredEvent> missed = new ArrayList<>();
        for (StoredEvent e : tail) {
          if (e.position().after(from.get())) {
            missed.add(e);
          }
        }
        fromTail = Optional.of(missed);
      }
      return new EventStream.Start(from, head, fromTail);
    }
  }

  void unsubscribe(EventStream stream) {
    synchronized (lock) {
      streams.remove(stream);
    }
  }

  @Override
  public void start() {
    running = true;
    reader.start();
  }

  @Override
  public void stop() {
    running = false;
    reader.stop(Duration.ofSeconds(5));
    List<EventStream> open;
    synchronized (lock) {
      open = new ArrayList<>(streams);
    }
    open.forEach(s -> s.end("shutdown"));
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  private void run() {
    Instant nextTokenCheck = Instant.now().plus(properties.tokenCheck());
    while (running) {
      try {
        if (head == null) {
          EventPosition start = events.deliverableHead();
          synchronized (lock) {
            head = start;
            tailFloor = start;
          }
        }
        readAvailable();
        if (!Instant.now().isBefore(nextTokenCheck)) {
          nextTokenCheck = Instant.now().plus(properties.tokenCheck());
          endRevoked();
        }
      } catch (RuntimeException e) {
        log.warn("the event hub could not read events: {}", e.getMessage());
      }
      try {
        wake.poll(properties.poll().toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void readAvailable() {
    while (running) {
      EventPosition after;
      synchronized (lock) {
        after = head;
      }
      List<StoredEvent> page = events.deliverableAfter(after, PAGE);
      if (!page.isEmpty()) {
        fanOut(page);
      }
      if (page.size() < PAGE) {
        return;
      }
    }
  }

  private void fanOut(List<StoredEvent> page) {
    List<EventStream> dropped = new ArrayList<>();
    synchronized (lock) {
      for (StoredEvent e : page) {
        tail.addLast(e);
        if (tail.size() > properties.tail()) {
          tailFloor = tail.removeFirst().position();
        }
        head = e.position();
        for (EventStream s : streams) {
          if (!s.ended() && !s.offer(e)) {
            dropped.add(s);
          }
        }
        streams.removeAll(dropped);
      }
    }
    for (EventStream s : dropped) {
      if (!s.ended()) {
        meters.dropped();
        log.info(
            "dropped an event stream of token {}: its buffer of {} events is full",
            s.tokenId(),
            properties.buffer());
      }
      s.end("dropped: the client does not keep up");
    }
  }

  private void endRevoked() {
    List<EventStream> open;
    synchronized (lock) {
      open = new ArrayList<>(streams);
    }
    if (open.isEmpty()) {
      return;
    }
    Set<UUID> held = new HashSet<>();
    open.forEach(s -> held.add(s.tokenId()));
    Set<UUID> valid = tokens.valid(held);
    for (EventStream s : open) {
      if (!valid.contains(s.tokenId())) {
        unsubscribe(s);
        s.end("the token no longer authenticates");
      }
    }
  }
}
