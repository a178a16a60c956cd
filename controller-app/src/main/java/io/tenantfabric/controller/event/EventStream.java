package io.tenantfabric.controller.event;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;

/**
 * One open stream: the events its token may see, queued by the hub (which never waits: a full queue
 * drops the stream) and written by the stream's own thread, first what the client missed (from the
 * hub's tail or the table, in pages), then live. A client that resumes after a position gets every
 * later event once: the stream registers with the hub before it catches up to the hub's head at
 * that moment, and skips what it already sent.
 */
final class EventStream {

  private static final StoredEvent END =
      new StoredEvent(EventPosition.START, "end", Optional.empty(), "{}");
  private static final int PAGE = 500;
  private static final int BATCH = 256;

  /** Where a stream starts: what to catch up on before it goes live. */
  record Start(
      Optional<EventPosition> from, EventPosition live, Optional<List<StoredEvent>> fromTail) {}

  private final UUID tokenId;
  private final Predicate<StoredEvent> visible;
  private final int capacity;
  private final Duration heartbeat;
  private final EventCursors cursors;
  private final EventLog log;
  private final EventMeters meters;
  private final ResponseBodyEmitter emitter;
  private final LinkedBlockingQueue<StoredEvent> queue = new LinkedBlockingQueue<>();
  private volatile String ended;
  private volatile Thread writer;
  private volatile boolean sending;

  EventStream(
      UUID tokenId,
      Predicate<StoredEvent> visible,
      int capacity,
      Duration heartbeat,
      EventCursors cursors,
      EventLog log,
      EventMeters meters,
      ResponseBodyEmitter emitter) {
    this.tokenId = tokenId;
    this.visible = visible;
    this.capacity = capacity;
    this.heartbeat = heartbeat;
    this.cursors = cursors;
    this.log = log;
    this.meters = meters;
    this.emitter = emitter;
  }

  UUID tokenId() {
    return tokenId;
  }

  boolean visible(StoredEvent e) {
    return visible.test(e);
  }

  /**
   * Queues a live event this stream may see; false (and nothing queued) when the stream's buffer is
   * full. Called by the hub, which must never wait here.
   */
  boolean offer(StoredEvent e) {
    if (!visible.test(e)) {
      return true;
    }
    if (queue.size() >= capacity) {
      return false;
    }
    queue.add(e);
    return true;
  }

  /**
   * Ends the stream (idempotent): its writer stops after what it is writing; a writer blocked in a
   * write to a client that stopped reading is interrupted, and else released by the container's
   * write timeout.
   */
  void end(String why) {
    if (ended != null) {
      return;
    }
    ended = why;
    queue.add(END);
    Thread w = writer;
    if (w != null && sending) {
      w.interrupt();
    }
  }

  boolean ended() {
    return ended != null;
  }

  String why() {
    return ended;
  }

  /** The writer's loop, on the stream's own thread, until the stream ends or the client goes. */
  void write(Start start) throws IOException, InterruptedException {
    writer = Thread.currentThread();
    send(SseFrames.OPEN);
    EventPosition sent = catchUp(start);
    List<StoredEvent> batch = new ArrayList<>(BATCH);
    while (ended == null) {
      StoredEvent first = queue.poll(heartbeat.toMillis(), TimeUnit.MILLISECONDS);
      if (first == null) {
        send(SseFrames.HEARTBEAT);
        continue;
      }
      batch.clear();
      batch.add(first);
      queue.drainTo(batch, BATCH - 1);
      StringBuilder frames = new StringBuilder();
      int count = 0;
      for (StoredEvent e : batch) {
        if (e == END) {
          break;
        }
        // a cursor from an instance whose hub was ahead of this one's: already sent
        if (e.position().after(sent)) {
          frames.append(frame(e));
          sent = e.position();
          count++;
        }
      }
      if (count > 0 && ended == null) {
        send(frames.toString());
        meters.delivered(count);
      }
    }
  }

  /** Sends what the client missed up to the live head; returns the position dealt with. */
  private EventPosition catchUp(Start start) throws IOException {
    if (start.from().isEmpty()) {
      return start.live();
    }
    EventPosition from = start.from().get();
    EventPosition horizon = log.horizon();
    // a cursor at the horizon itself has seen every deleted event (and a reset's own id may be
    // the horizon on a quiet fabric): only one before it missed some
    if (from.compareTo(horizon) < 0) {
      return reset(start.live());
    }
    if (start.fromTail().isPresent()) {
      sendAll(start.fromTail().get().stream().filter(visible).toList());
      return later(from, start.live());
    }
    EventPosition at = from;
    while (at.compareTo(start.live()) < 0 && ended == null) {
      Optional<List<StoredEvent>> page = log.page(at, start.live(), PAGE);
      if (page.isEmpty()) {
        return reset(start.live());
      }
      List<StoredEvent> events = page.get();
      if (events.isEmpty()) {
        break;
      }
      sendAll(events.stream().filter(visible).toList());
      at = events.get(events.size() - 1).position();
    }
    return later(from, start.live());
  }

  /** The client's position was deleted by retention: it re-reads its state from the head on. */
  private EventPosition reset(EventPosition live) throws IOException {
    send(SseFrames.reset(cursors.seal(live, tokenId)));
    return live;
  }

  private void sendAll(List<StoredEvent> events) throws IOException {
    StringBuilder frames = new StringBuilder();
    for (StoredEvent e : events) {
      frames.append(frame(e));
    }
    if (!events.isEmpty()) {
      send(frames.toString());
      meters.delivered(events.size());
    }
  }

  private String frame(StoredEvent e) {
    return SseFrames.event(cursors.seal(e.position(), tokenId), e.type(), e.data());
  }

  private void send(String frames) throws IOException {
    sending = true;
    try {
      emitter.send(SseFrames.bytes(frames), MediaType.TEXT_EVENT_STREAM);
    } finally {
      sending = false;
      // an interrupt meant for a blocked write must not linger into the next poll
      Thread.interrupted();
    }
  }

  /** Ends the response; called once the writer has stopped. */
  void complete() {
    try {
      emitter.complete();
    } catch (RuntimeException e) {
      // the response is already gone with its client
    }
  }

  private static EventPosition later(EventPosition a, EventPosition b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
