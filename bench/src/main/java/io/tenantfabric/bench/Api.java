package io.tenantfabric.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The controller's REST API as a client sees it, with an OPERATOR token.
 *
 * <p>Over {@link HttpURLConnection}, blocking and kept alive, because the bench's clients share the
 * controller's cores: {@code java.net.http.HttpClient} costs about twice the CPU per request (its
 * selector thread, futures and timers; docs/perf/security-wrappers-and-bench-client.md). {@link
 * #configureTransport} runs before the first request.
 */
final class Api {
  static final JsonMapper JSON = JsonMapper.builder().build();

  private static final int CONNECT_MILLIS = 10_000;
  // a ?wait= answer may take its minute, a bring-up's read of 10,240 allocations longer
  private static final int READ_MILLIS = 600_000;
  // a controller that accepts but does not answer is not up yet (what the health probe asks)
  private static final int HEALTH_READ_MILLIS = 5_000;
  private final String base;
  private final String token;
  private final int readMillis;

  Api(String base, String token) {
    this(base, token, READ_MILLIS);
  }

  /**
   * An API whose requests give up after {@code readMillis} without an answer: a chaos client's
   * request to an instance that was killed under it must fail over, not wait ten minutes.
   */
  Api(String base, String token, int readMillis) {
    this.base = base;
    this.token = token;
    this.readMillis = readMillis;
  }

  /** An answer: its status, body and headers (names lower-case). */
  record Response(int status, String body, Map<String, String> headers) {
    Response(int status, String body) {
      this(status, body, Map.of());
    }

    JsonNode json() {
      return JSON.readTree(body);
    }

    /** The header's value, null when absent. */
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
      return status + " " + (body.length() > 2000 ? body.substring(0, 2000) + "..." : body);
    }
  }

  /**
   * The JDK's keep-alive cache holds 5 idle connections per host unless told otherwise, and the
   * scenario burst runs 48 clients: a connection past the fifth would be closed after each request
   * and the next would open a new one. A POST is never retried on a connection found closed (the
   * JDK's default retries it once, which could create a tenant twice).
   */
  static void configureTransport() {
    System.setProperty("http.keepAlive", "true");
    System.setProperty("http.maxConnections", "128");
    System.setProperty("sun.net.http.retryPost", "false");
  }

  boolean health() {
    try {
      return exchange("GET", "/actuator/health", null, false, HEALTH_READ_MILLIS).status() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  boolean allInSync() throws IOException {
    Response r = get("/api/v1/fabric");
    if (r.status() != 200) {
      return false;
    }
    for (JsonNode s : r.json().get("switches")) {
      String state = s.get("state").asString();
      if (!"UNMANAGED".equals(state) && !"IN_SYNC".equals(state)) {
        return false;
      }
    }
    return true;
  }

  Response get(String path) throws IOException {
    return exchange("GET", path, null, true, readMillis);
  }

  Response post(String path, Object body) throws IOException {
    return exchange("POST", path, body, true, readMillis);
  }

  /** {@code POST} with extra request headers (an {@code Idempotency-Key}, say). */
  Response post(String path, Object body, Map<String, String> headers) throws IOException {
    return send("POST", path, body, headers);
  }

  Response put(String path, Object body) throws IOException {
    return exchange("PUT", path, body, true, readMillis);
  }

  Response delete(String path) throws IOException {
    return exchange("DELETE", path, null, true, readMillis);
  }

  /** {@code DELETE} with extra request headers. */
  Response delete(String path, Map<String, String> headers) throws IOException {
    return send("DELETE", path, null, headers);
  }

  /** {@code method path} with {@code headers} added (an {@code Idempotency-Key}, say). */
  Response send(String method, String path, Object body, Map<String, String> headers)
      throws IOException {
    return exchange(method, path, body, true, readMillis, headers);
  }

  /** No isolation audit running or queued (the after-batch audits of earlier work are done). */
  boolean noAuditRunning() throws IOException {
    Response r = get("/api/v1/audits/isolation?limit=20");
    if (r.status() != 200) {
      return false;
    }
    for (JsonNode run : r.json()) {
      if ("RUNNING".equals(run.get("status").asString())) {
        return false;
      }
    }
    return true;
  }

  private Response exchange(
      String method, String path, Object body, boolean authorised, int readMillis)
      throws IOException {
    return exchange(method, path, body, authorised, readMillis, Map.of());
  }

  private Response exchange(
      String method,
      String path,
      Object body,
      boolean authorised,
      int readMillis,
      Map<String, String> headers)
      throws IOException {
    HttpURLConnection c = (HttpURLConnection) URI.create(base + path).toURL().openConnection();
    c.setConnectTimeout(CONNECT_MILLIS);
    c.setReadTimeout(readMillis);
    c.setUseCaches(false);
    c.setRequestMethod(method);
    if (authorised) {
      c.setRequestProperty("Authorization", "Bearer " + token);
    }
    headers.forEach(c::setRequestProperty);
    if (!method.equals("GET") && !method.equals("DELETE")) {
      byte[] bytes =
          (body == null ? "" : JSON.writeValueAsString(body)).getBytes(StandardCharsets.UTF_8);
      c.setRequestProperty("Content-Type", "application/json");
      c.setDoOutput(true);
      c.setFixedLengthStreamingMode(bytes.length);
      try (OutputStream out = c.getOutputStream()) {
        out.write(bytes);
      }
    }
    int status = c.getResponseCode();
    // read to the end (the error stream too), or the connection is not kept alive
    try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
      String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      Map<String, String> received = new HashMap<>();
      c.getHeaderFields()
          .forEach(
              (name, values) -> {
                if (name != null && !values.isEmpty()) {
                  received.put(name.toLowerCase(Locale.ROOT), values.get(0));
                }
              });
      return new Response(status, text, received);
    }
  }
}
