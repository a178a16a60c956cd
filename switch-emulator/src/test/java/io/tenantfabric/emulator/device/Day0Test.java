package io.tenantfabric.emulator.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.topology.SwitchLayout;
import io.tenantfabric.emulator.topology.Underlay;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The installer's day-0 configuration: its lines, how it renders, and applying it twice. */
class Day0Test {
  static EmulatorRuntime runtime;

  /** A leaf with port 2 broken out and two spines to peer with (listed out of address order). */
  static final SwitchLayout LEAF =
      new SwitchLayout(
          "leaf-07",
          "LEAF",
          List.of(
              "FourHundredGigE1/0/1",
              "TwoHundredGigE1/0/2:1",
              "TwoHundredGigE1/0/2:2",
              "FourHundredGigE1/0/3"),
          new Underlay("10.255.1.7", 65000, List.of("10.255.0.10", "10.255.0.9")));

  static final SwitchLayout SPINE =
      new SwitchLayout(
          "spine-02",
          "SPINE",
          List.of("FourHundredGigE1/0/1", "FourHundredGigE1/0/2"),
          new Underlay("10.255.0.2", 65000, List.of("10.255.1.7")));

  @BeforeAll
  static void up() {
    runtime = new EmulatorRuntime();
  }

  @AfterAll
  static void down() {
    runtime.close();
  }

  static SwitchDevice device(SwitchLayout layout) {
    return DeviceFixture.device(layout, Profile.COMWARE7, runtime, 16, DeviceFixture.alone());
  }

  @Test
  void aLeafBootsWithItsDay0ConfigurationAsComwareShowsIt() {
    assertThat(device(LEAF).cliExecution("display current-configuration"))
        .isEqualTo(
            """
            <leaf-07>display current-configuration
            #
             version 7.1.070, Release 6710
            #
             sysname leaf-07
            #
             lldp global enable
            #
             l2vpn enable
            #
             tunnel global source-address 10.255.1.7
            #
            interface FourHundredGigE1/0/1
             port link-mode bridge
             jumboframe enable 9416
            #
            interface FourHundredGigE1/0/3
             port link-mode bridge
             jumboframe enable 9416
            #
            interface TwoHundredGigE1/0/2:1
             port link-mode bridge
             jumboframe enable 9416
            #
            interface TwoHundredGigE1/0/2:2
             port link-mode bridge
             jumboframe enable 9416
            #
            bgp 65000
             peer 10.255.0.9 as-number 65000
             peer 10.255.0.10 as-number 65000
             peer 10.255.0.9 connect-interface LoopBack0
             peer 10.255.0.10 connect-interface LoopBack0
             #
             address-family l2vpn evpn
              peer 10.255.0.9 enable
              peer 10.255.0.10 enable
            #
            return
            """);
  }

  @Test
  void aSpineHasNoL2vpnNorTunnelSource() {
    assertThat(device(SPINE).cliExecution("display current-configuration"))
        .isEqualTo(
            """
            <spine-02>display current-configuration
            #
             version 7.1.070, Release 6710
            #
             sysname spine-02
            #
             lldp global enable
            #
            interface FourHundredGigE1/0/1
             port link-mode bridge
             jumboframe enable 9416
            #
            interface FourHundredGigE1/0/2
             port link-mode bridge
             jumboframe enable 9416
            #
            bgp 65000
             peer 10.255.1.7 as-number 65000
             peer 10.255.1.7 connect-interface LoopBack0
             #
             address-family l2vpn evpn
              peer 10.255.1.7 enable
            #
            return
            """);
  }

  @Test
  void theBreakoutIsTypedOnlyWhileThePortIsWhole() {
    Set<String> factory = Set.of("FourHundredGigE1/0/1", "FourHundredGigE1/0/2");
    assertThat(Day0.lines(LEAF, factory))
        .containsSubsequence(
            "sysname leaf-07",
            "lldp global enable",
            "l2vpn enable",
            "tunnel global source-address 10.255.1.7",
            "bgp 65000",
            "interface FourHundredGigE1/0/2",
            " using twohundredgige",
            "interface TwoHundredGigE1/0/2:1",
            " jumboframe enable 9416");
    assertThat(Day0.lines(LEAF, Set.of("TwoHundredGigE1/0/2:1", "TwoHundredGigE1/0/2:2")))
        .doesNotContain(" using twohundredgige");
  }

  @Test
  void applyingDay0TwiceChangesNothingAndLeavesOtherLinesWhereTheyAre() {
    SwitchDevice d = device(LEAF);
    d.cli(List.of("interface FourHundredGigE1/0/1", " qos wfq byte-count", " description gpu"));
    String before = d.cliExecution("display current-configuration");
    assertThat(d.day0Applied()).isTrue();
    d.day0();
    assertThat(d.cliExecution("display current-configuration")).isEqualTo(before);
  }

  @Test
  void anUndoneDay0ItemIsNoticedAndPutBack() {
    SwitchDevice d = device(LEAF);
    d.cli(List.of("undo lldp global enable", "bgp 65000", " undo peer 10.255.0.9"));
    assertThat(d.day0Applied()).isFalse();
    d.day0();
    assertThat(d.day0Applied()).isTrue();
    assertThat(d.cliExecution("display current-configuration"))
        .contains(" lldp global enable\n", " peer 10.255.0.9 connect-interface LoopBack0\n");
  }

  @Test
  void aPortToSplitThatCarriesConfigurationStopsDay0() {
    SwitchDevice d = device(LEAF);
    d.wipe();
    d.cli(
        List.of(
            "l2vpn enable",
            "vsi t-x",
            "quit",
            "interface FourHundredGigE1/0/2",
            " service-instance 1",
            "  encapsulation untagged"));
    assertThatThrownBy(d::day0)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Please remove the configuration of FourHundredGigE1/0/2 first.");
    assertThat(d.hostName()).as("nothing of day-0 applied").isEqualTo("H3C");
  }
}
