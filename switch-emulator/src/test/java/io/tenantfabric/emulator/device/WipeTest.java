package io.tenantfabric.emulator.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.datastore.EditOptions;
import io.tenantfabric.emulator.identity.SerialNumbers;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A wiped switch is a factory-fresh unit; day0 makes it the installer's switch again. */
class WipeTest {
  static EmulatorRuntime runtime;

  @BeforeAll
  static void up() {
    runtime = new EmulatorRuntime();
  }

  @AfterAll
  static void down() {
    runtime.close();
  }

  static SwitchDevice leaf() {
    SwitchDevice d =
        DeviceFixture.device(Day0Test.LEAF, Profile.COMWARE7, runtime, 16, DeviceFixture.alone());
    d.start();
    return d;
  }

  @Test
  void aWipedSwitchHasANewKeyAndSerialAndOnlyItsFactoryConfiguration() throws Exception {
    SwitchDevice d = leaf();
    String key = d.hostKeySha256();
    String serial = d.serialNumber();
    d.openSession("admin", () -> {});
    assertThat(d.runningXml()).contains("<Name>TwoHundredGigE1/0/2:1</Name>");

    d.wipe();

    assertThat(d.hostKeySha256()).startsWith("SHA256:").isNotEqualTo(key);
    assertThat(d.serialNumber())
        .isNotEqualTo(serial)
        .isEqualTo(SerialNumbers.of("leaf-07", 1, 0))
        .hasSize(20);
    assertThat(d.sessions()).as("sessions are dropped").isEmpty();
    assertThat(d.listening()).isTrue();
    assertThat(d.hostName()).isEqualTo("H3C");
    assertThat(d.day0Applied()).isFalse();
    String xml = d.runningXml();
    assertThat(xml)
        .contains(
            "<Name>FourHundredGigE1/0/1</Name>",
            "<IfIndex>2</IfIndex><Name>FourHundredGigE1/0/2</Name>",
            "<Name>FourHundredGigE1/0/3</Name>",
            "<HostName>H3C</HostName>")
        .doesNotContain("TwoHundredGigE", "<Enable>true</Enable>", "jumboframe");
    assertThat(d.cliExecution("display current-configuration"))
        .startsWith("<H3C>display current-configuration\n")
        .contains(" sysname H3C\n")
        .doesNotContain("lldp", "l2vpn", "tunnel", "bgp", "jumboframe", "TwoHundredGigE");
  }

  @Test
  void aWipedSwitchKeepsNoSavedConfiguration() {
    SwitchDevice d = leaf();
    d.wipe();
    d.stop();
    d.start();
    assertThat(d.hostName()).isEqualTo("H3C");
    assertThat(d.day0Applied()).isFalse();
  }

  @Test
  void day0AfterAWipeRestoresTheInstallersSwitchAndSavesIt() {
    SwitchDevice d = leaf();
    d.wipe();
    d.day0();
    assertThat(d.hostName()).isEqualTo("leaf-07");
    assertThat(d.day0Applied()).isTrue();
    assertThat(d.runningXml())
        .contains(
            "<IfIndex>65</IfIndex><Name>TwoHundredGigE1/0/2:1</Name>",
            "<IfIndex>66</IfIndex><Name>TwoHundredGigE1/0/2:2</Name>")
        .doesNotContain("<Name>FourHundredGigE1/0/2</Name>");
    d.stop();
    d.start();
    assertThat(d.day0Applied()).as("saved as the startup configuration").isTrue();
    assertThat(d.cli(List.of("vsi t-x"))).startsWith("<leaf-07>system-view").doesNotContain("%");
  }

  @Test
  void eachWipeIsAnotherUnit() {
    SwitchDevice d = leaf();
    d.wipe();
    String first = d.serialNumber();
    d.wipe();
    assertThat(d.serialNumber()).isNotEqualTo(first).isEqualTo(SerialNumbers.of("leaf-07", 2, 0));
  }

  @Test
  void aPersistedConfirmedCommitOfTheOldUnitNeverRollsTheNewOneBack() throws Exception {
    SwitchDevice d =
        DeviceFixture.device(Day0Test.LEAF, Profile.RFC6241, runtime, 16, DeviceFixture.alone());
    d.start();
    DeviceSession s = d.openSession("admin", () -> {});
    d.edit(
        s,
        Target.CANDIDATE,
        DeviceFixture.config("<L2VPN><VSIs><VSI><VsiName>t-old</VsiName></VSI></VSIs></L2VPN>"),
        EditOptions.defaults(),
        "/c");
    d.commit(s, true, 1, "tok", null);
    d.wipe();
    // reverting would bring back the old unit's running from before the commit: its day-0
    Awaitility.await()
        .during(Duration.ofMillis(1500))
        .atMost(Duration.ofSeconds(5))
        .until(() -> d.hostName().equals("H3C"));
    assertThat(d.runningXml()).doesNotContain("t-old");
  }
}
