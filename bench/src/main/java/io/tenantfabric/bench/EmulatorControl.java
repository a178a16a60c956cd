package io.tenantfabric.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/** The emulator's HTTP control API (docs/emulator.md "Control API"). */
final class EmulatorControl {
  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;

  EmulatorControl(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  /**
   * Adds {@code ms} to every RPC of {@code device} until cleared: the {@code DELAY} fault, which
   * the emulator adds to the same per-RPC sleep as {@code --delay-ms} (SwitchDevice.nextDelayMs).
   */
  void delay(String device, long ms) throws IOException, InterruptedException {
    send(
        "POST",
        "/devices/" + device + "/faults",
        "{\"type\":\"DELAY\",\"count\":0,\"delayMs\":" + ms + "}",
        201);
  }

  /**
   * Arms the fault {@code type} on {@code device}, {@code count} times (0: no limit), {@code
   * delayMs} for a DELAY, ended by the emulator itself after {@code forMs}: a timed fault ends on
   * time even when whoever armed it is busy or gone.
   */
  void fault(String device, String type, int count, long delayMs, long forMs)
      throws IOException, InterruptedException {
    send(
        "POST",
        "/devices/" + device + "/faults",
        String.format(
            "{\"type\":\"%s\",\"count\":%d,\"delayMs\":%d,\"forMs\":%d}",
            type, count, delayMs, forMs),
        201);
  }

  /** Clears every fault of {@code device}. */
  void clearFaults(String device) throws IOException, InterruptedException {
    send("DELETE", "/devices/" + device + "/faults", null, 204);
  }

  /** {@code GET path}, answered 200: its body as JSON. */
  JsonNode getJson(String path) throws IOException, InterruptedException {
    return Api.JSON.readTree(send("GET", path, null, 200));
  }

  /** {@code POST path} with a JSON body (null: none), answered 200: its body as JSON. */
  JsonNode postJson(String path, Object body) throws IOException, InterruptedException {
    return Api.JSON.readTree(
        send("POST", path, body == null ? null : Api.JSON.writeValueAsString(body), 200));
  }

  /** {@code POST path} with a JSON body, answered 200: its body as text. */
  String postText(String path, Object body) throws IOException, InterruptedException {
    return send("POST", path, Api.JSON.writeValueAsString(body), 200);
  }

  /** {@code GET path}, answered 200: its body as text. */
  String getText(String path) throws IOException, InterruptedException {
    return send("GET", path, null, 200);
  }

  private String send(String method, String path, String body, int expected)
      throws IOException, InterruptedException {
    HttpRequest r =
        HttpRequest.newBuilder(URI.create(base + path))
            // the control API ends a request at 10 s itself; a little more so that its answer shows
            .timeout(Duration.ofSeconds(15))
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
    if (resp.statusCode() != expected) {
      throw new IOException(method + " " + path + " -> " + resp.statusCode() + " " + resp.body());
    }
    return resp.body();
  }
}
