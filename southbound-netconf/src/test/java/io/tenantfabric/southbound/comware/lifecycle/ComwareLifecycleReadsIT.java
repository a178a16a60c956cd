package io.tenantfabric.southbound.comware.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CableKind;
import io.tenantfabric.model.lifecycle.CablePlan;
import io.tenantfabric.model.lifecycle.CablingChecker;
import io.tenantfabric.model.lifecycle.CablingState;
import io.tenantfabric.model.lifecycle.Day0Check;
import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.lifecycle.Day0Item;
import io.tenantfabric.model.lifecycle.PlannedCable;
import io.tenantfabric.model.lifecycle.SwitchIdentity;
import io.tenantfabric.model.testing.GoldenFiles;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The lifecycle reads against the emulated case-study fabric over SSH/NETCONF, judged by the model:
 * a leaf and a spine as installed report their planned cables, their identity and a complete day-0;
 * a wiped unit lacks every day-0 item until the installer's day-0 is applied. The golden comes
 * first, while every unit is the one the fabric started with (a wipe changes a serial, and so the
 * chassis id its peers hear).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ComwareLifecycleReadsIT {
  private static EmulatedFabric emulator;
  private static Fabric fabric;
  private static NetconfClient client;

  @BeforeAll
  static void start() {
    emulator =
        EmulatedFabric.start(
            EmulatorOptions.builder()
                .preset(FabricPresets.H3C_S9825_1024)
                .bind("127.0.0.1")
                .basePort(0)
                .username("admin")
                .password("admin")
                .profile(Profile.COMWARE7)
                .build());
    fabric = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024));
    client = new NetconfClient();
  }

  @AfterAll
  static void stop() {
    client.close();
    emulator.close();
  }

  @Test
  @Order(1)
  void theParseOfTheEmulatorsLldpReplyOfALeafIsTheGolden() {
    SwitchName leaf = fabric.leaves().get(0).name();
    try (NetconfSession s = connect(emulator.device(leaf.value()))) {
      CablingReading cabling = new ComwareLifecycleReader(s).cabling(leaf);
      GoldenFiles.assertMatches(
          "lifecycle", "cabling-emulated-leaf-01.txt", LifecycleText.of(cabling));
    }
  }

  @Test
  @Order(2)
  void anInstalledLeafAndSpineReportTheirPlannedCablesIdentityAndDay0() {
    for (Switch sw : List.of(fabric.leaves().get(0), fabric.spines().get(0))) {
      SwitchName name = sw.name();
      EmulatedDevice device = emulator.device(name.value());
      try (NetconfSession s = connect(device)) {
        ComwareLifecycleReader reader = new ComwareLifecycleReader(s);

        SwitchIdentity id = reader.identity();
        assertThat(id.hostName()).as("%s sysname", name).isEqualTo(name.value());
        assertThat(id.serialNumber()).as("%s serial", name).isEqualTo(device.serialNumber());
        assertThat(id.model()).as("%s model", name).isNotBlank();
        assertThat(id.software()).as("%s software", name).isNotBlank();

        CablingReading cabling = reader.cabling(name);
        List<PlannedCable> plan = CablePlan.of(fabric, name);
        List<CableCheck> checks = CablingChecker.check(plan, cabling.observation());
        assertThat(plan)
            .as("%s: fabric ends, and on a leaf GPU ends too", name)
            .extracting(PlannedCable::kind)
            .contains(sw.role() == SwitchRole.LEAF ? CableKind.GPU : CableKind.FABRIC)
            .contains(CableKind.FABRIC);
        assertThat(cabling.skipped()).as("%s rows left out", name).isEmpty();
        assertThat(checks).as("%s: one verdict per planned end", name).hasSameSizeAs(plan);
        assertThat(checks)
            .as("%s: every planned end hears its planned peer", name)
            .allSatisfy(c -> assertThat(c.state()).as(c.toString()).isEqualTo(CablingState.OK));

        assertThat(Day0Check.gaps(fabric, name, reader.day0())).as("%s day-0", name).isEmpty();
      }
    }
  }

  @Test
  @Order(3)
  void aWipedUnitLacksEveryDay0ItemUntilTheInstallersDay0IsApplied() {
    for (Switch sw : List.of(fabric.leaves().get(1), fabric.spines().get(1))) {
      SwitchName name = sw.name();
      EmulatedDevice device = emulator.device(name.value());
      String serial = device.serialNumber();
      String hostKey = device.hostKeySha256();

      device.wipe();

      assertThat(device.hostKeySha256()).as("a new unit has a new host key").isNotEqualTo(hostKey);
      try (NetconfSession s = connect(device)) {
        ComwareLifecycleReader reader = new ComwareLifecycleReader(s);
        SwitchIdentity id = reader.identity();
        assertThat(id.serialNumber()).as("%s: a new unit", name).isNotEqualTo(serial);
        assertThat(id.hostName()).as("%s: factory sysname", name).isNotEqualTo(name.value());
        Set<Day0Item> expected =
            sw.role() == SwitchRole.LEAF
                ? EnumSet.of(
                    Day0Item.SYSNAME,
                    Day0Item.LLDP,
                    Day0Item.L2VPN,
                    Day0Item.VTEP_SOURCE,
                    Day0Item.EVPN_PEERS,
                    Day0Item.JUMBO_FRAMES)
                : EnumSet.of(
                    Day0Item.SYSNAME, Day0Item.LLDP, Day0Item.EVPN_PEERS, Day0Item.JUMBO_FRAMES);
        List<Day0Gap> gaps = Day0Check.gaps(fabric, name, reader.day0());
        assertThat(gaps).extracting(Day0Gap::item).as("%s wiped", name).containsAll(expected);
        assertThat(reader.cabling(name).observation().neighbors())
            .as("%s: LLDP is off on a factory unit", name)
            .isEmpty();
      }

      device.day0();
      assertThat(device.day0Applied()).isTrue();

      try (NetconfSession s = connect(device)) {
        ComwareLifecycleReader reader = new ComwareLifecycleReader(s);
        assertThat(Day0Check.gaps(fabric, name, reader.day0()))
            .as("%s after day-0", name)
            .isEmpty();
        assertThat(reader.identity().hostName()).isEqualTo(name.value());
        assertThat(
                CablingChecker.check(
                    CablePlan.of(fabric, name), reader.cabling(name).observation()))
            .as("%s: its cables heard again", name)
            .isNotEmpty()
            .allSatisfy(c -> assertThat(c.state()).as(c.toString()).isEqualTo(CablingState.OK));
      }
    }
  }

  /** A session with the device's current host key (a wiped unit has a new one). */
  private static NetconfSession connect(EmulatedDevice device) {
    return client.connect(EmulatorSupport.endpoint(device), EmulatorSupport.settings());
  }
}
