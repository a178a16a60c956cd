package io.tenantfabric.controller.event;

import java.nio.charset.StandardCharsets;

/**
 * Server-sent event framing (WHATWG HTML, "Server-sent events", §9.2.5): one event is {@code id:},
 * {@code event:} and one {@code data:} line, then a blank line; a line starting with a colon is a
 * comment the client ignores. Fields carry no line break, or the client would split them.
 */
final class SseFrames {

  /** The comment a stream sends when idle, so that proxies and clients see it alive. */
  static final String HEARTBEAT = ": heartbeat\n\n";

  /** The comment that opens a stream, so that its headers leave at once. */
  static final String OPEN = ": open\n\n";

  private SseFrames() {}

  /** One event. */
  static String event(String id, String type, String data) {
    return "id: "
        + oneLine("id", id)
        + "\nevent: "
        + oneLine("event", type)
        + "\ndata: "
        + oneLine("data", data)
        + "\n\n";
  }

  /** The reset a client resuming before the retention horizon gets, at the live head. */
  static String reset(String id) {
    return event(id, "reset", "{}");
  }

  static byte[] bytes(String frames) {
    return frames.getBytes(StandardCharsets.UTF_8);
  }

  private static String oneLine(String field, String value) {
    if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
      throw new IllegalArgumentException("an SSE " + field + " field must be one line: " + value);
    }
    return value;
  }
}
