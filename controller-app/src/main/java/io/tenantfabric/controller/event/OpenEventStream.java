package io.tenantfabric.controller.event;

import io.tenantfabric.controller.concurrent.DaemonThreads;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Actor;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;

/**
 * Opens a stream for a token: checks its {@code Last-Event-ID} (a cursor this token was given) and
 * the limits, registers it with the hub and starts its writer, one daemon thread per stream (the
 * limits bound them), which alone writes to the response so that the hub never waits on a client.
 */
@Component
@EnableConfigurationProperties(EventProperties.class)
class OpenEventStream {

  static final String LAST_EVENT_ID = "Last-Event-ID";

  private static final Logger log = LoggerFactory.getLogger(OpenEventStream.class);
  private static final ThreadFactory WRITERS = DaemonThreads.named("event-stream");

  private final EventHub hub;
  private final EventLog events;
  private final EventCursorKey key;
  private final StreamLimits limits;
  private final EventMeters meters;
  private final EventProperties properties;

  OpenEventStream(
      EventHub hub,
      EventLog events,
      EventCursorKey key,
      StreamLimits limits,
      EventMeters meters,
      EventProperties properties) {
    this.hub = hub;
    this.events = events;
    this.key = key;
    this.limits = limits;
    this.meters = meters;
    this.properties = properties;
  }

  ResponseBodyEmitter open(Actor actor, Optional<String> lastEventId) {
    EventCursors cursors = key.cursors();
    Optional<EventPosition> from = Optional.empty();
    if (lastEventId.isPresent() && !lastEventId.get().isBlank()) {
      from = cursors.open(lastEventId.get(), actor.tokenId());
      if (from.isEmpty()) {
        throw Refusal.invalid(
                "Invalid Last-Event-ID",
                "Last-Event-ID is not a cursor this token was given by the event stream.")
            .field(LAST_EVENT_ID);
      }
    }
    limits.acquire(actor.tokenId());
    EventStream stream;
    EventStream.Start start;
    // no timeout: the stream lasts until its client goes, its token ends or it is dropped
    ResponseBodyEmitter emitter = new ResponseBodyEmitter(0L);
    try {
      stream =
          new EventStream(
              actor.tokenId(),
              EventVisibility.of(actor),
              properties.buffer(),
              properties.heartbeat(),
              cursors,
              events,
              meters,
              emitter);
      start = hub.subscribe(stream, from);
    } catch (RuntimeException e) {
      limits.release(actor.tokenId());
      throw e;
    }
    emitter.onCompletion(() -> stream.end("completed"));
    emitter.onError(t -> stream.end("the client went"));
    emitter.onTimeout(() -> stream.end("timed out"));
    WRITERS.newThread(() -> run(stream, start)).start();
    return emitter;
  }

  private void run(EventStream stream, EventStream.Start start) {
    try {
      stream.write(start);
    } catch (IOException | RuntimeException e) {
      // the client went (or its connection broke): nothing to tell it any more
      stream.end("the client went");
      log.debug("event stream of token {} ended: {}", stream.tokenId(), e.toString());
    } catch (InterruptedException e) {
      stream.end("interrupted");
    } finally {
      hub.unsubscribe(stream);
      stream.complete();
      limits.release(stream.tokenId());
    }
  }
}
