package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.support.EmulatorProcess;
import io.tenantfabric.emulator.support.InventoryDevice;
import io.tenantfabric.emulator.support.RawNetconfClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Abuse of one switch against the built jar (runaway regExp filters, oversized or deeply nested
 * messages, a pipelined flood): whatever one session does to one switch, that switch still serves
 * new sessions, the other switches and the control API are unaffected, and SIGTERM stops the
 * process.
 */
class EmulatorAbuseIT {
  static final String BASE = "urn:ietf:params:xml:ns:netconf:base:1.0";
  static final String DATA = "http://www.h3c.com/netconf/data:1.0";
  static final String H3C = "http://www.h3c.com/netconf/base:1.0";

  @TempDir Path dir;

  static String byRegExp(String column, String regExp) {
    return "<get><filter type=\"subtree\"><top xmlns=\""
        + DATA
        + "\" xmlns:h=\""
        + H3C
        + "\"><Ifmgr><Interfaces><Interface><"
        + column
        + " h:regExp=\""
        + regExp
        + "\"/></Interface></Interfaces></Ifmgr></top></filter></get>";
  }

  static boolean answersPlainGet(EmulatedDevice d) throws Exception {
    try (RawNetconfClient c = RawNetconfClient.connect(d, "admin", "admin", true)) {
      return c.rpc("<get/>").contains("<Ifmgr>");
    }
  }

  @Test
  void oneAbusiveSessionLeavesTheSwitchTheFabricTheApiAndSigtermWorking() throws Exception {
    Path inventory = dir.resolve("inventory.json");
    int control = EmulatorProcess.freePort();
    try (EmulatorProcess p =
        EmulatorProcess.start(
            List.of(
                "--preset",
                "emulator-mini",
                "--base-port",
                "0",
                "--inventory-out",
                inventory.toString(),
                "--control-port",
                Integer.toString(control)),
            Map.of(),
            dir.resolve("stderr.txt"))) {
      // a start that dies early leaves stdout empty: its stderr then says why
      assertThat(p.stdout())
          .as("stdout; stderr: %s", Files.readString(dir.resolve("stderr.txt")))
          .containsExactly("READY 3 switches");
      JsonNode devices = EmulatorProcess.inventory(inventory).get("devices");
      EmulatedDevice spine = new InventoryDevice(devices.get(0));
      EmulatedDevice leaf01 = new InventoryDevice(devices.get(1));
      EmulatedDevice leaf02 = new InventoryDevice(devices.get(2));

      try (RawNetconfClient c = RawNetconfClient.connect(leaf01, "admin", "admin", true)) {
        String pathological = c.rpc(byRegExp("Description", "^(" + ".*".repeat(16) + ")X"));
        assertThat(pathological)
            .contains("<error-tag>invalid-value</error-tag>")
            .contains("two unbounded quantifiers in a row");
        String overLong = c.rpc(byRegExp("Description", "a".repeat(10_000)));
        assertThat(overLong)
            .contains("<error-tag>invalid-value</error-tag>")
            .contains("at most 256 are accepted");

        // Refused before a DOM exists, so the reply cannot echo a message-id (as for
        // malformed-message): sent raw, answered in order.
        c.send(
            rpc(
                1,
                "<CLI>"
                    + "<Execution><CLI>".repeat(50_000)
                    + "display version"
                    + "</CLI></Execution>".repeat(50_000)
                    + "</CLI>"));
        assertThat(c.next()).contains("<error-tag>too-big</error-tag>");
        c.send(rpc(2, "<CLI><Execution>".repeat(200) + "</Execution></CLI>".repeat(200)));
        assertThat(c.next()).contains("<error-tag>too-big</error-tag>").contains("maxElementDepth");
        c.send(
            rpc(
                3,
                "<get><filter type=\"subtree\"><top xmlns=\""
                    + DATA
                    + "\">"
                    + "<Ifmgr>".repeat(100_000)
                    + "</Ifmgr>".repeat(100_000)
                    + "</top></filter></get>"));
        assertThat(c.next()).contains("<error-tag>too-big</error-tag>");

        assertThat(c.rpc("<get-config><source><running/></source></get-config>"))
            .as("the abused session still answers")
            .contains("<Ifmgr>");
      }

      try (RawNetconfClient flood = RawNetconfClient.connect(leaf01, "admin", "admin", true)) {
        // Pipelined, without waiting for replies: 3,000 small rpcs and 24 of about 1 MiB.
        int sent = 0;
        for (int i = 0; i < 3_000; i++) {
          flood.send(rpc(++sent, "<get-sessions/>"));
          if (i % 125 == 0) {
            flood.send(rpc(++sent, "<!--" + "x".repeat(1024 * 1024) + "--><get-sessions/>"));
          }
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < sent; i++) {
          String reply = flood.next();
          ids.add(reply.substring(reply.indexOf("message-id=\""), reply.indexOf("\">")));
        }
        assertThat(ids).as("every pipelined rpc answered once").hasSize(sent);
      }

      assertThat(answersPlainGet(leaf01)).as("leaf-01, new session").isTrue();
      try (RawNetconfClient c = RawNetconfClient.connect(leaf01, "admin", "admin", true)) {
        String byName = c.rpc(byRegExp("Name", "^FourHundredGigE1/0/(1|2)$"));
        assertThat(byName)
            .as("an ordinary regExp still filters")
            .contains("<IfIndex>1</IfIndex>", "<IfIndex>2</IfIndex>")
            .doesNotContain("<IfIndex>3</IfIndex>");
      }
      assertThat(answersPlainGet(leaf02)).as("leaf-02").isTrue();
      assertThat(answersPlainGet(spine)).as("spine-01").isTrue();
      HttpResponse<String> all = EmulatorProcess.get(control, "/devices");
      assertThat(all.statusCode()).isEqualTo(200);
      HttpResponse<String> running = EmulatorProcess.get(control, "/devices/leaf-01/running");
      assertThat(running.statusCode()).isEqualTo(200);
      assertThat(running.body()).contains("<Ifmgr>");

      assertThat(p.terminate(Duration.ofSeconds(30))).as("SIGTERM stops the emulator").isIn(0, 143);
    }
  }

  static String rpc(int id, String operation) {
    return "<rpc message-id=\"" + id + "\" xmlns=\"" + BASE + "\">" + operation + "</rpc>";
  }
}
