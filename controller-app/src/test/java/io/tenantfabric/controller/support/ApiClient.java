package io.tenantfabric.controller.support;

import io.tenantfabric.controller.api.OpenApiDocuments;
import io.tenantfabric.controller.security.Role;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tiny HTTP client for integration tests against the app on 127.0.0.1:{port}: JSON in and out
 * (Jackson 3), a bearer token (the bootstrap OPERATOR token unless changed), raw bodies and headers
 * for malformed requests.
 */
public final class ApiClient {

  /** The OPERATOR token every {@link ControllerIT} application is bootstrapped with. */
  public static final String BOOTSTRAP_TOKEN = "tf_it-bootstrap-operator-token-0123456789abcdef";

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  private final String base;
  private final String token;
  private final boolean checkRequests;

  /** A client for the app on {@code port}, authenticated with {@link #BOOTSTRAP_TOKEN}. */
  public ApiClient(int port) {
    this("http://127.0.0.1:" + port, BOOTSTRAP_TOKEN, true);
  }

  private ApiClient(String base, String token, boolean checkRequests) {
    this.base = base;
    this.token = token;
    this.checkRequests = checkRequests;
  }

  /** The same client with another bearer token; {@code null} sends no Authorization header. */
  public ApiClient withToken(String token) {
    return new ApiClient(base, token, checkRequests);
  }

  /**
   * The same client for a test that sends requests the API document does not allow, on purpose: its
   * requests are not checked against the document; the answers still are.
   */
  public ApiClient sendingMalformedRequests() {
    return new ApiClient(base, token, false);
  }

  /** A client authenticated by a new token of {@code role} (tenant for TENANT, else null). */
  public ApiClient as(Role role, String tenant) {
    return withToken(createToken(role, tenant).secret());
  }

  /** Creates a token with this client's (OPERATOR) token and returns its id and secret. */
  public IssuedToken createToken(Role role, String tenant) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("role", role.name());
    if (tenant != null) {
      body.put("tenant", tenant);
    }
    Response r = post("/api/v1/tokens", body);
    if (r.status() != 201) {
      throw new AssertionError("creating a " + role + " token failed: " + r);
    }
    JsonNode j = r.json();
    return new IssuedToken(UUID.fromString(j.get("id").asString()), j.get("token").asString());
  }

  /** A token's id and its secret, as {@code POST /api/v1/tokens} answered once. */
  public record IssuedToken(UUID id, String secret) {}

  public Response get(String path, String... headers) {
    return send("GET", path, null, headers);
  }

  public Response delete(String path, String... headers) {
    return send("DELETE", path, null, headers);
  }

  /** POST with {@code body} serialised as JSON ({@code null} = no body). */
  public Response post(String path, Object body, String... headers) {
    return send("POST", path, body == null ? null : toJson(body), withJsonType(headers));
  }

  /** PUT with {@code body} serialised as JSON. */
  public Response put(String path, Object body, String... headers) {
    return send("PUT", path, body == null ? null : toJson(body), withJsonType(headers));
  }

  /**
   * Any method with a raw body (null = none) and header name/value pairs; a body without a
   * Content-Type header is sent as {@code application/json}.
   */
  public Response send(String method, String path, String rawBody, String... headers) {
    byte[] bytes = rawBody == null ? null : rawBody.getBytes(StandardCharsets.UTF_8);
    return sendBytes(method, path, bytes, false, headers);
  }

  /**
   * Sends {@code body} without a Content-Length (chunked transfer encoding), to exercise limits
   * that cannot trust a declared length.
   */
  public Response sendChunked(String method, String path, byte[] body, String... headers) {
    return sendBytes(method, path, body, true, headers);
  }

  private Response sendBytes(
      String method, String path, byte[] body, boolean chunked, String... headers) {
    if (headers.length % 2 != 0) {
      throw new IllegalArgumentException("headers are name/value pairs");
    }
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
    boolean hasType = false;
    boolean hasAuth = false;
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
      hasType |= headers[i].equalsIgnoreCase("Content-Type");
      hasAuth |= headers[i].equalsIgnoreCase("Authorization");
    }
    if (token != null && !hasAuth) {
      b.header("Authorization", "Bearer " + token);
    }
    if (body != null && !hasType) {
      b.header("Content-Type", "application/json");
    }
    HttpRequest.BodyPublisher publisher;
    if (body == null) {
      publisher = HttpRequest.BodyPublishers.noBody();
    } else if (chunked) {
      publisher = HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
    } else {
      publisher = HttpRequest.BodyPublishers.ofByteArray(body);
    }
    b.method(method, publisher);
    try {
      HttpRequest request = b.build();
      HttpResponse<String> r = HTTP.send(request, ApiClient::bodyOrStreamHead);
      Response response = new Response(r.statusCode(), r.headers(), r.body());
      checkAgainstTheDocument(method, path, request, body, response);
      return response;
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + path + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during " + method + " " + path, e);
    }
  }

  /**
   * The body as text; for an event stream, which never ends, nothing: its status and headers are
   * kept and its connection closed.
   */
  private static HttpResponse.BodySubscriber<String> bodyOrStreamHead(
      HttpResponse.ResponseInfo info) {
    boolean stream =
        info.headers()
            .firstValue("Content-Type")
            .map(t -> t.startsWith("text/event-stream"))
            .orElse(false);
    if (!stream) {
      return HttpResponse.BodyHandlers.ofString().apply(info);
    }
    return HttpResponse.BodySubscribers.mapping(
        HttpResponse.BodySubscribers.ofInputStream(),
        in -> {
          try {
            in.close();
          } catch (IOException e) {
            // closing is all that is asked of it
          }
          return "";
        });
  }

  private void checkAgainstTheDocument(
      String method, String path, HttpRequest request, byte[] body, Response response) {
    if (!ContractCheck.covers(path)) {
      return;
    }
    List<String> problems =
        ContractCheck.problems(
            method,
            path,
            request.headers(),
            body == null ? null : new String(body, StandardCharsets.UTF_8),
            response.status(),
            response.headers(),
            response.body(),
            checkRequests);
    if (!problems.isEmpty()) {
      throw new AssertionError(
          method
              + " "
              + path
              + " differs from "
              + OpenApiDocuments.COMMITTED
              + ":\n  "
              + String.join("\n  ", problems)
              + "\nanswer: "
              + response);
    }
  }

  private static String[] withJsonType(String[] headers) {
    for (int i = 0; i < headers.length; i += 2) {
      if (headers[i].equalsIgnoreCase("Content-Type")) {
        return headers;
      }
    }
    String[] out = new String[headers.length + 2];
    System.arraycopy(headers, 0, out, 0, headers.length);
    out[headers.length] = "Content-Type";
    out[headers.length + 1] = "application/json";
    return out;
  }

  /** Serialises {@code value} as JSON. */
  public static String toJson(Object value) {
    return JSON.writeValueAsString(value);
  }

  /** The shared test JSON mapper. */
  public static JsonMapper json() {
    return JSON;
  }

  /** Status, headers and body of one response. */
  public record Response(int status, HttpHeaders headers, String body) {

    /** The body as a JSON tree (fails the test if it is not JSON). */
    public JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (RuntimeException e) {
        throw new AssertionError("response body is not JSON: " + this, e);
      }
    }

    /** The first value of header {@code name}. */
    public Optional<String> header(String name) {
      return headers.firstValue(name);
    }

    /** The response's media type without parameters, or "" when none. */
    public String contentType() {
      return header("Content-Type").map(v -> v.split(";")[0].trim()).orElse("");
    }

    /** True for an RFC 9457 body ({@code application/problem+json}). */
    public boolean isProblem() {
      return "application/problem+json".equals(contentType());
    }

    @Override
    public String toString() {
      return status
          + " "
          + contentType()
          + " "
          + (body.length() > 2000 ? body.substring(0, 2000) + "..." : body);
    }
  }
}
