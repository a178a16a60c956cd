package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.device.Poll;
import io.tenantfabric.emulator.support.RawNetconfClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** The command-line contract: the built jar (or the classes) as a separate process. */
class MainCommandLineIT {

  static List<String> javaCommand() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String jar = System.getProperty("emulator.jar");
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m"));
    if (jar != null && Files.isRegularFile(Path.of(jar))) {
      cmd.addAll(List.of("-jar", jar));
    } else {
      cmd.addAll(
          List.of("-cp", System.getProperty("java.class.path"), "io.tenantfabric.emulator.Main"));
    }
    return cmd;
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void printsReadyWritesInventoryServesAndStopsOnSigterm() throws Exception {
    Path inventory = Files.createTempFile("inventory", ".json");
    int control = freePort();
    List<String> cmd = javaCommand();
    cmd.addAll(
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
            "leaf-02:REFUSE_L2VPN_XML"));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    List<String> lines = new CopyOnWriteArrayList<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  lines.add(line);
                }
              } catch (IOException e) {
                lines.add("READ FAILED " + e);
              }
            });
    reader.setDaemon(true);
    reader.start();
    try {
      assertThat(Poll.until(Duration.ofSeconds(90), () -> !lines.isEmpty()))
          .as("READY printed")
          .isTrue();
      assertThat(lines).containsExactly("READY 3 switches");
      JsonNode inv = new ObjectMapper().readTree(Files.readString(inventory));
      assertThat(inv.get("devices")).hasSize(3);
      JsonNode leaf = inv.get("devices").get(1);
      assertThat(leaf.get("name").asString()).isEqualTo("leaf-01");
      assertThat(leaf.get("role").asString()).isEqualTo("LEAF");
      assertThat(leaf.get("host").asString()).isEqualTo("127.0.0.1");
      assertThat(leaf.get("username").asString()).isEqualTo("ops");
      assertThat(leaf.get("password").asString()).isEqualTo("s3cret");
      assertThat(leaf.get("hostKeySha256").asString()).matches("SHA256:[A-Za-z0-9+/]{43}");
      int port = leaf.get("port").asInt();
      EmulatedDevice endpoint = new InventoryDevice(leaf);
      try (RawNetconfClient c = RawNetconfClient.connect(endpoint, "ops", "s3cret", true)) {
        assertThat(c.rpc("<get/>")).contains("<Ifmgr>");
      }
      HttpResponse<String> r =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + control + "/devices"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(r.body())
          .contains("\"port\":" + port)
          .contains("\"name\":\"leaf-02\",\"role\":\"LEAF\"")
          .contains("\"type\":\"REFUSE_L2VPN_XML\",\"count\":0");
      p.destroy();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("stops on SIGTERM").isTrue();
      assertThat(p.exitValue()).as("SIGTERM exit").isIn(0, 143);
      assertThat(canConnect(port)).as("port closed after stop").isFalse();
    } finally {
      p.destroyForcibly();
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
        "--inventory-out",
        "--fault nobody:HOLD_LOCK"
      })
  void badCommandLinesPrintUsageAndExit2(String args) throws Exception {
    List<String> cmd = javaCommand();
    cmd.addAll(List.of(args.split(" ")));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out).contains("error: ").contains("usage: java -jar switch-emulator.jar");
  }

  /** An inventory entry seen as a device endpoint for the raw client. */
  record InventoryDevice(JsonNode n) implements EmulatedDevice {
    public String name() {
      return n.get("name").asString();
    }

    public String role() {
      return n.get("role").asString();
    }

    public String host() {
      return n.get("host").asString();
    }

    public int port() {
      return n.get("port").asInt();
    }

    public String hostKeySha256() {
      return n.get("hostKeySha256").asString();
    }

    public String runningXml() {
      throw new UnsupportedOperationException("remote");
    }

    public void injectFault(Fault f) {
      throw new UnsupportedOperationException("remote");
    }

    public void clearFaults() {
      throw new UnsupportedOperationException("remote");
    }

    public void stop() {
      throw new UnsupportedOperationException("remote");
    }

    public void start() {
      throw new UnsupportedOperationException("remote");
    }

    public String cli(List<String> lines) {
      throw new UnsupportedOperationException("remote");
    }
  }
}
