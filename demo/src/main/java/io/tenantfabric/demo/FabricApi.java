package io.tenantfabric.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The controller's REST API as the demo calls it, with the OPERATOR token; every call bounded. */
final class FabricApi {
  static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final String base;
  private final String token;

  FabricApi(String base, String token) {
    this.base = base;
    this.token = token;
  }

  /** An answer: status and body. */
  record Response(int status, String body) {
    JsonNode json() {
      return JSON.readTree(body);
    }

    @Override
    public String toString() {
      return status + " " + (body.length() > 1000 ? body.substring(0, 1000) + "..." : body);
    }
  }

  /** Whether {@code GET /actuator/health} answers 200 (no token: the status only). */
  boolean healthy() throws InterruptedException {
    try {
      HttpRequest r =
          HttpRequest.newBuilder(URI.create(base + "/actuator/health"))
              .timeout(Duration.ofSeconds(5))
              .build();
      return http.send(r, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  Response get(String path) throws IOException, InterruptedException {
    return send(request(path).GET().build());
  }

  Response put(String path, Object body) throws IOException, InterruptedException {
    return send(request(path).PUT(body(body)).build());
  }

  Response post(String path, Object body) throws IOException, InterruptedException {
    return send(request(path).POST(body(body)).build());
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(base + path))
        .timeout(TIMEOUT)
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json");
  }

  private static HttpRequest.BodyPublisher body(Object body) {
    return body == null
        ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
  }

  private Response send(HttpRequest r) throws IOException, InterruptedException {
    HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
    return new Response(resp.statusCode(), resp.body());
  }
}
