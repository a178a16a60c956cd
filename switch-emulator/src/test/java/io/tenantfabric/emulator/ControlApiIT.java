package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.control.ControlServer;
import io.tenantfabric.emulator.support.RawHttp;
import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The control API over HTTP on loopback, against an in-process fabric. */
class ControlApiIT {
  /** Distinctive, so that its absence from every answer means something. */
  static final String PASSWORD = "pw-7f3a-never-in-json";

  static EmulatedFabric fabric;
  static ControlServer control;
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() throws Exception {
    fabric =
        EmulatedFabric.start(
            EmulatorOptions.builder().preset(FabricLayouts.MINI).password(PASSWORD).build());
    control = ControlServer.start(fabric, 0);
  }

  @AfterAll
  static void stop() {
    control.close();
    fabric.close();
  }

  /** A request as a well-behaved client sends it: JSON for anything but GET. */
  static HttpResponse<String> call(String method, String path, String body) throws Exception {
    return call(method, path, body, method.equals("GET") ? null : "application/json");
  }

  static HttpResponse<String> call(String method, String path, String body, String contentType)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + control.port() + path))
            .timeout(Duration.ofSeconds(20));
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void listsDevicesInListeningOrderWithInventoryFields() throws Exception {
    HttpResponse<String> r = call("GET", "/devices", null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body())
        .contains("\"name\":\"spine-01\",\"role\":\"SPINE\"")
        .contains("\"name\":\"leaf-02\",\"role\":\"LEAF\"")
        .contains("\"hostKeySha256\":\"SHA256:")
        .contains("\"listening\":true");
    assertThat(r.body().indexOf("spine-01")).isLessThan(r.body().indexOf("leaf-01"));
  }

  @Test
  void outOfBandCliEchoesAndShowsUpInRunning() throws Exception {
    HttpResponse<String> r =
        call("POST", "/devices/leaf-02/cli", "{\"lines\": [\"vsi t-x\", \" vxlan 10099\"]}");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("[leaf-02-vsi-t-x]vxlan 10099").doesNotContain("%");
    HttpResponse<String> running = call("GET", "/devices/leaf-02/running", null);
    assertThat(running.statusCode()).isEqualTo(200);
    assertThat(running.headers().firstValue("Content-Type"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("application/xml"));
    assertThat(running.body())
        .startsWith("<top xmlns=\"http://www.h3c.com/netconf/config:1.0\">")
        .contains("<Vxlan><VxlanID>10099</VxlanID><VsiName>t-x</VsiName></Vxlan>");
  }

  @Test
  void faultsAreSetListedAndClearedAndTakeEffectOverNetconf() throws Exception {
    HttpResponse<String> r =
        call("POST", "/devices/leaf-01/faults", "{\"type\": \"HOLD_LOCK\", \"count\": 1}");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(r.body()).contains("\"type\":\"HOLD_LOCK\",\"count\":1");
    try (RawNetconfClient c = connect(fabric.device("leaf-01"))) {
      assertThat(c.rpc("<lock><target><running/></target></lock>")).contains("lock-denied");
      assertThat(c.rpc("<lock><target><running/></target></lock>")).contains("<ok/>");
    }
    call("POST", "/devices/leaf-01/faults", "{\"type\": \"DELAY\", \"count\": 0, \"delayMs\": 5}");
    assertThat(call("DELETE", "/devices/leaf-01/faults", null).statusCode()).isEqualTo(204);
    assertThat(call("GET", "/devices/leaf-01", null).body()).contains("\"faults\":[]");
  }

  @Test
  void aTimedFaultShowsItsTimeLeftAndEndsByItself() throws Exception {
    HttpResponse<String> r =
        call(
            "POST",
            "/devices/leaf-01/faults",
            "{\"type\": \"REJECT_NEXT_EDIT\", \"count\": 0, \"forMs\": 300}");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(r.body()).contains("\"type\":\"REJECT_NEXT_EDIT\",\"count\":0,\"delayMs\":0");
    assertThat(r.body()).containsPattern("\"forMs\":[1-3]\\d{0,2}[,}]");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> call("GET", "/devices/leaf-01", null).body().contains("\"faults\":[]"));
    assertThat(
            call("POST", "/devices/leaf-01/faults", "{\"type\": \"HOLD_LOCK\", \"forMs\": -1}")
                .statusCode())
        .isEqualTo(400);
  }

  @Test
  void stopMakesTheSwitchDisappearAndStartBringsItBack() throws Exception {
    EmulatedDevice d = fabric.device("spine-01");
    assertThat(call("POST", "/devices/spine-01/stop", null).body()).contains("\"listening\":false");
    Assertions.assertThatThrownBy(() -> connect(d)).isInstanceOf(Exception.class);
    assertThat(call("POST", "/devices/spine-01/start", null).body()).contains("\"listening\":true");
    try (RawNetconfClient c = connect(d)) {
      assertThat(c.rpc("<get-config><source><running/></source></get-config>")).contains("<data>");
    }
  }

  @ParameterizedTest(name = "{0} {1} -> {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "GET|/nothing||404",
        "GET|/devices/leaf-99/running||404",
        "DELETE|/devices||405",
        "GET|/devices/leaf-01/cli||405",
        "POST|/devices/leaf-01/faults|{\"type\": \"EXPLODE\"}|400",
        "POST|/devices/leaf-01/faults|{\"type\": \"DELAY\"}|400",
        "POST|/devices/leaf-01/faults|{\"type\": \"DELAY\", \"delayMs\": -1}|400",
        "POST|/devices/leaf-01/faults|{\"type\": \"REJECT_NEXT_EDIT\", \"count\": \"x\"}|400",
        "POST|/devices/leaf-01/faults|{\"type\": \"REJECT_NEXT_EDIT\", \"colour\": 1}|400",
        "POST|/devices/leaf-01/faults|{not json|400",
        "POST|/devices/leaf-01/faults|[]|400",
        "POST|/devices/leaf-01/cli|{\"lines\": []}|400",
        "POST|/devices/leaf-01/cli|{\"lines\": [1]}|400",
        "POST|/devices/leaf-01/cli|{}|400"
      })
  void clientMistakesGet4xxJson(String method, String path, String body, int status)
      throws Exception {
    HttpResponse<String> r = call(method, path, body);
    assertThat(r.statusCode()).isEqualTo(status);
    assertThat(r.body()).startsWith("{\"error\":");
    assertThat(fabric.device("leaf-01").runningXml()).doesNotContain("EXPLODE");
  }

  static RawNetconfClient connect(EmulatedDevice d) throws Exception {
    return RawNetconfClient.connect(d, "admin", PASSWORD, true);
  }

  @ParameterizedTest(name = "{0} {1} with {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "POST|/devices/leaf-01/faults|text/plain",
        "POST|/devices/leaf-01/faults|application/x-www-form-urlencoded",
        "POST|/devices/leaf-01/faults|",
        "POST|/devices/leaf-01/stop|text/plain",
        "DELETE|/devices/leaf-01/faults|",
        "PUT|/devices|text/plain"
      })
  void crossSiteStyleRequestsAreRefusedWith415AndChangeNothing(
      String method, String path, String contentType) throws Exception {
    HttpResponse<String> r =
        call(method, path, "{\"type\": \"REJECT_NEXT_EDIT\", \"count\": 0}", contentType);
    assertThat(r.statusCode()).isEqualTo(415);
    assertThat(r.body()).startsWith("{\"error\":").contains("Content-Type: application/json");
    HttpResponse<String> device = call("GET", "/devices/leaf-01", null);
    assertThat(device.body()).contains("\"faults\":[]").contains("\"listening\":true");
  }

  @Test
  void jsonWithACharsetIsAccepted() throws Exception {
    HttpResponse<String> r =
        call(
            "POST",
            "/devices/leaf-02/faults",
            "{\"type\": \"DELAY\", \"delayMs\": 1}",
            "Application/JSON; charset=utf-8");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(call("DELETE", "/devices/leaf-02/faults", null).statusCode()).isEqualTo(204);
  }

  @ParameterizedTest
  @ValueSource(strings = {"evil.example", "evil.example:PORT", "127.0.0.1:1", "[::1]:PORT"})
  void aForeignHostIsRefusedWith421(String host) throws Exception {
    String h = host.replace("PORT", Integer.toString(control.port()));
    String response =
        RawHttp.exchange(
            control.port(),
            "GET /devices HTTP/1.1\r\nHost: " + h + "\r\nConnection: close\r\n\r\n");
    assertThat(response)
        .startsWith("HTTP/1.1 421")
        .contains("{\"error\":\"Host '" + h + "' is not this control API")
        .doesNotContain("leaf-01");
  }

  @Test
  void localhostAsHostIsAcceptedAndAMissingHostIsNot() throws Exception {
    String ok =
        RawHttp.exchange(
            control.port(),
            "GET /devices/leaf-01 HTTP/1.1\r\nHost: localhost:"
                + control.port()
                + "\r\nConnection: close\r\n\r\n");
    assertThat(ok).startsWith("HTTP/1.1 200").contains("\"name\":\"leaf-01\"");
    String none = RawHttp.exchange(control.port(), "GET /devices HTTP/1.0\r\n\r\n");
    assertThat(none).startsWith("HTTP/1.1 421").contains("the Host header must be");
  }

  @Test
  void noAnswerCarriesThePassword() throws Exception {
    for (String path : List.of("/devices", "/devices/leaf-01", "/devices/leaf-01/faults")) {
      HttpResponse<String> r = call("GET", path, null);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.body()).contains("\"username\":\"admin\"").doesNotContain("password", PASSWORD);
    }
    assertThat(call("POST", "/devices/leaf-01/stop", null).body()).doesNotContain(PASSWORD);
    assertThat(call("POST", "/devices/leaf-01/start", null).body()).doesNotContain(PASSWORD);
  }

  @Test
  void manyTrailingSlashesAreTrimmed() throws Exception {
    HttpResponse<String> r = call("GET", "/devices/leaf-01" + "/".repeat(64_000), null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("\"name\":\"leaf-01\"");
  }

  @Test
  void stalledClientsNeitherBlockTheApiNorKeepTheirConnection() throws Exception {
    List<Socket> stalled = new ArrayList<>();
    try {
      // More stalled requests than the old pool had threads: one with half its headers, the
      // others with a body that never comes.
      Socket headers = RawHttp.open(control.port());
      headers.getOutputStream().write("GET /devices HTTP/1.1\r\nHost: 127".getBytes());
      stalled.add(headers);
      for (int i = 0; i < 3; i++) {
        Socket body = RawHttp.open(control.port());
        body.getOutputStream()
            .write(
                ("POST /devices/leaf-01/cli HTTP/1.1\r\nHost: 127.0.0.1:"
                        + control.port()
                        + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
                    .getBytes());
        stalled.add(body);
      }
      assertThat(call("GET", "/devices", null).statusCode()).as("API still answers").isEqualTo(200);
      for (Socket s : stalled) {
        assertThat(RawHttp.closedByServer(s))
            .as("stalled connection closed by the server")
            .isTrue();
      }
    } finally {
      for (Socket s : stalled) {
        s.close();
      }
    }
  }
}
