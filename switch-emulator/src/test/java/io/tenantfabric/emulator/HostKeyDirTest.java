package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * {@code --host-key-dir}: host keys are created there once (0600) and served again by a later
 * start, so a restarted emulator keeps every switch's identity; {@code --advertise-host} names the
 * inventory's host while the switches still listen on the bind address.
 */
class HostKeyDirTest {

  @TempDir Path tmp;

  @Test
  void startingTwiceWithTheSameKeyDirKeepsEveryHostKey() throws Exception {
    Path keys = tmp.resolve("host-keys");
    Map<String, String> first = fingerprints(options(keys));
    Map<String, String> second;
    try (EmulatedFabric fabric = EmulatedFabric.start(options(keys))) {
      second = fingerprints(fabric);
      // the SSH server serves the loaded key: the client pins the inventory's fingerprint
      try (RawNetconfClient c = RawNetconfClient.connect(fabric.device("leaf-01"))) {
        assertThat(c.serverHello()).contains("<session-id>");
      }
    }

    assertThat(first).containsOnlyKeys("spine-01", "leaf-01", "leaf-02");
    assertThat(second).isEqualTo(first);
    assertThat(first.values()).doesNotHaveDuplicates();
    for (String name : first.keySet()) {
      Path file = keys.resolve(name + ".key");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .as(file.toString())
          .isEqualTo("rw-------");
      assertThat(Files.readString(file)).startsWith("-----BEGIN OPENSSH PRIVATE KEY-----");
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keys)))
        .isEqualTo("rwx------");
  }

  @Test
  void withoutAKeyDirEveryStartHasNewKeys() {
    EmulatorOptions o = EmulatorOptions.builder().preset(FabricLayouts.MINI).build();
    String first = fingerprints(o).get("leaf-01");
    String second = fingerprints(o).get("leaf-01");
    assertThat(second).startsWith("SHA256:").isNotEqualTo(first);
  }

  @Test
  void theInventoryNamesTheAdvertisedHostWhileSwitchesListenOnTheBindAddress() throws Exception {
    EmulatorOptions o =
        EmulatorOptions.builder()
            .preset(FabricLayouts.MINI)
            .bind("127.0.0.1")
            .advertiseHost("switch-emulator")
            .build();
    try (EmulatedFabric fabric = EmulatedFabric.start(o)) {
      for (JsonNode d : new ObjectMapper().readTree(fabric.inventoryJson()).get("devices")) {
        assertThat(d.get("host").asString()).isEqualTo("switch-emulator");
        assertThat(fabric.device(d.get("name").asString()).host()).isEqualTo("127.0.0.1");
      }
    }
  }

  @Test
  void aKeyFileOthersMayReadIsRefusedWithItsName() throws Exception {
    Path keys = tmp.resolve("host-keys");
    fingerprints(options(keys));
    Path leaf = keys.resolve("leaf-01.key");
    Files.setPosixFilePermissions(leaf, PosixFilePermissions.fromString("rw-r--r--"));

    assertThatThrownBy(() -> EmulatedFabric.start(options(keys)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(leaf.toString())
        .hasMessageContaining("may be read by others (rw-r--r--)");
  }

  @Test
  void aKeyFileThatHoldsNoKeyIsRefusedWithItsName() throws Exception {
    Path keys = Files.createDirectory(tmp.resolve("host-keys"));
    Path spine = keys.resolve("spine-01.key");
    Files.writeString(spine, "not a key\n");
    Files.setPosixFilePermissions(spine, PosixFilePermissions.fromString("rw-------"));

    assertThatThrownBy(() -> EmulatedFabric.start(options(keys)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(spine.toString());
  }

  private static EmulatorOptions options(Path keys) {
    return EmulatorOptions.builder().preset(FabricLayouts.MINI).hostKeyDir(keys).build();
  }

  /** Starts the fabric, reads every hostKeySha256 from its inventory, stops it. */
  private static Map<String, String> fingerprints(EmulatorOptions o) {
    try (EmulatedFabric fabric = EmulatedFabric.start(o)) {
      return fingerprints(fabric);
    }
  }

  private static Map<String, String> fingerprints(EmulatedFabric fabric) {
    Map<String, String> m = new LinkedHashMap<>();
    for (JsonNode d : new ObjectMapper().readTree(fabric.inventoryJson()).get("devices")) {
      m.put(d.get("name").asString(), d.get("hostKeySha256").asString());
    }
    return m;
  }
}
