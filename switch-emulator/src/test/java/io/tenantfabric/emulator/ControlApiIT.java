package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.control.ControlServer;
import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The control API over HTTP on loopback, against an in-process fabric. */
class ControlApiIT {
  static EmulatedFabric fabric;
  static ControlServer control;
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() throws Exception {
    fabric = EmulatedFabric.start(EmulatorOptions.builder().preset(FabricLayouts.MINI).build());
    control = ControlServer.start(fabric, 0);
  }

  @AfterAll
  static void stop() {
    control.close();
    fabric.close();
  }

  static HttpResponse<String> call(String method, String path, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + control.port() + path))
            .timeout(Duration.ofSeconds(20));
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
    try (RawNetconfClient c = RawNetconfClient.connect(fabric.device("leaf-01"))) {
      assertThat(c.rpc("<lock><target><running/></target></lock>")).contains("lock-denied");
      assertThat(c.rpc("<lock><target><running/></target></lock>")).contains("<ok/>");
    }
    call("POST", "/devices/leaf-01/faults", "{\"type\": \"DELAY\", \"count\": 0, \"delayMs\": 5}");
    assertThat(call("DELETE", "/devices/leaf-01/faults", null).statusCode()).isEqualTo(204);
    assertThat(call("GET", "/devices/leaf-01", null).body()).contains("\"faults\":[]");
  }

  @Test
  void stopMakesTheSwitchDisappearAndStartBringsItBack() throws Exception {
    EmulatedDevice d = fabric.device("spine-01");
    assertThat(call("POST", "/devices/spine-01/stop", null).body()).contains("\"listening\":false");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> RawNetconfClient.connect(d))
        .isInstanceOf(Exception.class);
    assertThat(call("POST", "/devices/spine-01/start", null).body()).contains("\"listening\":true");
    try (RawNetconfClient c = RawNetconfClient.connect(d)) {
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
}
