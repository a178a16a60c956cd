package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.support.EmulatorProcess;
import io.tenantfabric.emulator.support.InventoryDevice;
import io.tenantfabric.emulator.support.RawNetconfClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** The command-line contract: the built jar (or the classes) as a separate process. */
class MainCommandLineIT {
  @TempDir Path dir;

  @Test
  void printsReadyWritesInventoryServesAndStopsOnSigterm() throws Exception {
    Path inventory = dir.resolve("inventory.json");
    // An older inventory others could read: it must be replaced, not rewritten in place.
    Files.writeString(inventory, "{}");
    Files.setPosixFilePermissions(inventory, PosixFilePermissions.fromString("rw-r--r--"));
    int control = EmulatorProcess.freePort();
    try (EmulatorProcess p =
        EmulatorProcess.start(
            List.of(
                "--preset",
                "emulator-mini",
                "--bind",
                "127.0.0.1",
                "--base-port",
                "0",
                "--username",
                "ops",
                "--password",
                "s3cret",
                "--profile",
                "comware7",
                "--inventory-out",
                inventory.toString(),
                "--control-port",
                Integer.toString(control),
                "--delay-ms",
                "1",
                "--fault",
                "leaf-02:REFUSE_L2VPN_XML"),
            Map.of(),
            dir.resolve("stderr.txt"))) {
      assertThat(p.stdout()).containsExactly("READY 3 switches");
      assertThat(Files.getPosixFilePermissions(inventory))
          .as("inventory mode")
          .isEqualTo(PosixFilePermissions.fromString("rw-------"));
      JsonNode inv = EmulatorProcess.inventory(inventory);
      assertThat(inv.get("devices")).hasSize(3);
      JsonNode leaf = inv.get("devices").get(1);
      assertThat(leaf.get("name").asString()).isEqualTo("leaf-01");
      assertThat(leaf.get("role").asString()).isEqualTo("LEAF");
      assertThat(leaf.get("host").asString()).isEqualTo("127.0.0.1");
      assertThat(leaf.get("username").asString()).isEqualTo("ops");
      assertThat(leaf.get("password").asString()).isEqualTo("s3cret");
      assertThat(leaf.get("hostKeySha256").asString()).matches("SHA256:[A-Za-z0-9+/]{43}");
      int port = leaf.get("port").asInt();
      try (RawNetconfClient c =
          RawNetconfClient.connect(new InventoryDevice(leaf), "ops", "s3cret", true)) {
        assertThat(c.rpc("<get/>")).contains("<Ifmgr>");
      }
      HttpResponse<String> r = EmulatorProcess.get(control, "/devices");
      assertThat(r.body())
          .contains("\"port\":" + port)
          .contains("\"name\":\"leaf-02\",\"role\":\"LEAF\"")
          .contains("\"type\":\"REFUSE_L2VPN_XML\",\"count\":0")
          .doesNotContain("s3cret")
          .doesNotContain("password");
      assertThat(p.terminate(Duration.ofSeconds(30))).as("SIGTERM exit").isIn(0, 143);
      assertThat(canConnect(port)).as("port closed after stop").isFalse();
    }
  }

  @Test
  void takesThePasswordFromTheEnvironmentAndHonoursMaxSessions() throws Exception {
    Path inventory = dir.resolve("fresh").resolve("inventory.json");
    Files.createDirectories(inventory.getParent());
    try (EmulatorProcess p =
        EmulatorProcess.start(
            List.of(
                "--preset",
                "emulator-mini",
                "--leaves-only",
                "--base-port",
                "0",
                "--max-sessions",
                "2",
                "--inventory-out",
                inventory.toString()),
            Map.of("EMULATOR_PASSWORD", "env-pw-91c"),
            dir.resolve("stderr.txt"))) {
      assertThat(p.stdout()).containsExactly("READY 2 switches");
      assertThat(Files.getPosixFilePermissions(inventory))
          .isEqualTo(PosixFilePermissions.fromString("rw-------"));
      JsonNode leaf = EmulatorProcess.inventory(inventory).get("devices").get(0);
      assertThat(leaf.get("password").asString()).isEqualTo("env-pw-91c");
      InventoryDevice d = new InventoryDevice(leaf);
      assertThatThrownBy(() -> RawNetconfClient.connect(d, "admin", "admin", true))
          .as("the default password no longer works")
          .isInstanceOf(Exception.class);
      List<RawNetconfClient> open = new ArrayList<>();
      try {
        for (int i = 0; i < 2; i++) {
          open.add(RawNetconfClient.connect(d, "admin", "env-pw-91c", true));
        }
        assertThat(open.get(1).rpc("<get-sessions/>")).contains("<SessionID>");
        assertThatThrownBy(() -> RawNetconfClient.connect(d, "admin", "env-pw-91c", true))
            .as("third session with --max-sessions 2")
            .isInstanceOf(Exception.class);
      } finally {
        for (RawNetconfClient c : open) {
          c.kill();
        }
      }
      assertThat(p.terminate(Duration.ofSeconds(30))).isIn(0, 143);
    }
  }

  static boolean canConnect(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "--frobnicate",
        "--base-port x",
        "--profile junos",
        "--preset nope",
        "--control-port 70000",
        "--max-sessions 0",
        "--inventory-out",
        "--fault nobody:HOLD_LOCK"
      })
  void badCommandLinesPrintUsageAndExit2(String args) throws Exception {
    List<String> cmd = EmulatorProcess.javaCommand();
    cmd.addAll(List.of(args.split(" ")));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out).contains("error: ").contains("usage: java -jar switch-emulator.jar");
  }
}
