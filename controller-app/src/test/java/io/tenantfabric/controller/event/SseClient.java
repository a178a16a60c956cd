package io.tenantfabric.controller.event;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A client of {@code GET /api/v1/events} as a browser's {@code fetch()} reader is one: a bearer
 * token in the header, {@code Last-Event-ID} to resume, the body read line by line on its own
 * thread into the events received so far; {@link #close} disconnects.
 */
final class SseClient implements AutoCloseable {

  /** One event as received. */
  record Event(String id, String type, String data) {}

  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private final HttpResponse<InputStream> response;
  private final List<Event> events = new CopyOnWriteArrayList<>();
  private final Thread reader;
  private volatile boolean ended;

  private SseClient(HttpResponse<InputStream> response) {
    this.response = response;
    this.reader = new Thread(this::read, "sse-client");
    this.reader.setDaemon(true);
    this.reader.start();
  }

  /** Opens a stream; fails unless the answer is 200 {@code text/event-stream}. */
  static SseClient open(int port, String token, String lastEventId) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/events"))
            .header("Authorization", "Bearer " + token)
            .header("Accept", "text/event-stream");
    if (lastEventId != null) {
      b.header("Last-Event-ID", lastEventId);
    }
    try {
      HttpResponse<InputStream> r =
          HTTP.send(b.GET().build(), HttpResponse.BodyHandlers.ofInputStream());
      if (r.statusCode() != 200) {
        String body = new String(r.body().readAllBytes(), StandardCharsets.UTF_8);
        throw new AssertionError("the stream did not open: " + r.statusCode() + " " + body);
      }
      return new SseClient(r);
    } catch (IOException e) {
      throw new AssertionError("the stream did not open", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  String contentType() {
    return response.headers().firstValue("Content-Type").orElse("");
  }

  /** The events received so far, in order. */
  List<Event> events() {
    return new ArrayList<>(events);
  }

  /** Whether the server ended the stream (or the connection broke). */
  boolean ended() {
    return ended;
  }

  /** Waits until an event received matches, or the deadline passes; whether one did. */
  boolean await(Duration deadline, Predicate<List<Event>> condition) throws InterruptedException {
    long end = System.nanoTime() + deadline.toNanos();
    while (System.nanoTime() < end) {
      if (condition.test(events())) {
        return true;
      }
      TimeUnit.MILLISECONDS.sleep(50);
    }
    return condition.test(events());
  }

  /** Waits until the server ends the stream; whether it did within the deadline. */
  boolean awaitEnd(Duration deadline) throws InterruptedException {
    reader.join(deadline.toMillis());
    return ended;
  }

  private void read() {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String id = null;
      String type = null;
      String data = null;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isEmpty()) {
          if (type != null) {
            events.add(new Event(id, type, data));
          }
          id = null;
          type = null;
          data = null;
        } else if (line.startsWith("id: ")) {
          id = line.substring(4);
        } else if (line.startsWith("event: ")) {
          type = line.substring(7);
        } else if (line.startsWith("data: ")) {
          data = line.substring(6);
        }
      }
    } catch (IOException e) {
      // closed by us, or by the server
    } finally {
      ended = true;
    }
  }

  @Override
  public void close() {
    try {
      response.body().close();
    } catch (IOException e) {
      // already gone
    }
  }
}
