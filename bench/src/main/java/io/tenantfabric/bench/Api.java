package io.tenantfabric.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The controller's REST API as a client sees it, with an OPERATOR token. */
final class Api {
  static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private final String base;
  private final String token;

  Api(String base, String token) {
    this.base = base;
    this.token = token;
  }

  record Response(int status, String body) {
    JsonNode json() {
      return JSON.readTree(body);
    }

    @Override
    public String toString() {
      return status + " " + (body.length() > 2000 ? body.substring(0, 2000) + "..." : body);
    }
  }

  boolean health() {
    try {
      HttpRequest r =
          HttpRequest.newBuilder(URI.create(base + "/actuator/health"))
              .timeout(Duration.ofSeconds(5))
              .build();
      return http.send(r, HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  boolean allInSync() throws IOException, InterruptedException {
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

  Response get(String path) throws IOException, InterruptedException {
    return send(request(path).GET().build());
  }

  Response post(String path, Object body) throws IOException, InterruptedException {
    return send(request(path).POST(body(body)).build());
  }

  Response put(String path, Object body) throws IOException, InterruptedException {
    return send(request(path).PUT(body(body)).build());
  }

  Response delete(String path) throws IOException, InterruptedException {
    return send(request(path).DELETE().build());
  }

  /** No isolation audit running or queued (the after-batch audits of earlier work are done). */
  boolean noAuditRunning() throws IOException, InterruptedException {
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

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(base + path))
        .timeout(Duration.ofMinutes(10))
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json");
  }

  private static HttpRequest.BodyPublisher body(Object body) {
    return HttpRequest.BodyPublishers.ofString(body == null ? "" : JSON.writeValueAsString(body));
  }

  private Response send(HttpRequest r) throws IOException, InterruptedException {
    HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
    return new Response(resp.statusCode(), resp.body());
  }
}
