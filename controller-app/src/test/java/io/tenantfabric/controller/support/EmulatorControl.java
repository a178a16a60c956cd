package io.tenantfabric.controller.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.control.ControlServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The emulator's control API (HTTP on 127.0.0.1), as a night-shift engineer or a vendor script
 * would touch a switch behind the controller's back: CLI lines typed on the device, a restart; and
 * as the hands on the floor do: a switch racked, its day-0 typed in, a cable plugged.
 */
public final class EmulatorControl implements AutoCloseable {

  private final ControlServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  private EmulatorControl(ControlServer server) {
    this.server = server;
  }

  /** Serves the control API of {@code fabric} on an ephemeral loopback port. */
  public static EmulatorControl of(EmulatedFabric fabric) {
    try {
      return new EmulatorControl(ControlServer.start(fabric, 0));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Types {@code lines} on {@code device} (system view); fails unless the device took them all. */
  public String cli(String device, List<String> lines) {
    String echo = post(device, "cli", ApiClient.toJson(Map.of("lines", lines)));
    assertThat(echo).as("the device took every line").doesNotContain("%");
    return echo;
  }

  /** Powers {@code device} off: its sessions drop, its running config is lost. */
  public void stop(String device) {
    post(device, "stop", "");
  }

  /** Powers {@code device} on again, with the configuration saved to its startup. */
  public void start(String device) {
    post(device, "start", "");
  }

  /** Racks and powers {@code device}: the switch as the control API shows it, now installed. */
  public JsonNode install(String device) {
    return ApiClient.json().readTree(post(device, "install", ""));
  }

  /** The installer's day-0 configuration on {@code device}. */
  public void day0(String device) {
    post(device, "day0", "");
  }

  /** Plugs {@code device}'s {@code port} into another switch's port. */
  public void cable(String device, String port, String peerDevice, String peerPort) {
    post(
        device,
        "cables",
        ApiClient.toJson(
            Map.of("port", port, "peer", Map.of("device", peerDevice, "port", peerPort))));
  }

  /** Plugs {@code device}'s {@code port} into a server's NIC. */
  public void cableToServer(String device, String port, String server, String nic) {
    post(
        device,
        "cables",
        ApiClient.toJson(Map.of("port", port, "peer", Map.of("server", server, "nic", nic))));
  }

  private String post(String device, String action, String body) {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(
                    "http://127.0.0.1:" + server.port() + "/devices/" + device + "/" + action))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    try {
      HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as("%s %s: %s", action, device, r.body()).isEqualTo(200);
      return r.body();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
