package io.tenantfabric.emulator.topology;

import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Switch layouts, servers and planned cables of a preset, in listening order (super-spines, spines,
 * then leaves), from tenant-model's {@link FabricPresets} or the lab layouts ({@code
 * emulator-growth-a}, {@code emulator-growth-b}, {@code emulator-nic-speed}: 8-port switches, their
 * specs in {@link #spec}); {@code emulator-mini} (1 spine, 2 leaves with 64 400G ports, no servers
 * and no cables) exists for fast tests. Loopbacks number the spines and the leaves in the model's
 * order (by name); a leaf peers with the spines it has links to, a spine with the leaves (every one
 * of the other role in {@code emulator-mini}).
 */
public final class FabricLayouts {
  /** A tiny fabric for tests. */
  public static final String MINI = "emulator-mini";

  /** 6 switches of 8 ports, 4 servers of 4 GPUs: the lab fabric before its growth. */
  public static final String GROWTH_A = LabLayouts.GROWTH_A;

  /** 12 switches of 8 ports, 8 servers of 4 GPUs: {@link #GROWTH_A} grown. */
  public static final String GROWTH_B = LabLayouts.GROWTH_B;

  /** 4 switches of 8 ports, 4 servers of 2 GPUs, gpu-node-001 on 200G ports. */
  public static final String NIC_SPEED = LabLayouts.NIC_SPEED;

  private FabricLayouts() {}

  /** Every preset name this emulator accepts. */
  public static Set<String> names() {
    Set<String> n = new LinkedHashSet<>(FabricPresets.names());
    n.add(MINI);
    n.addAll(LabLayouts.names());
    return n;
  }

  /**
   * The tenant-model spec a layout is built from (a preset's, or a lab layout's), so that a test
   * can give the controller the identical fabric; IllegalArgumentException for {@code
   * emulator-mini}, which has no model, and for an unknown name.
   */
  public static FabricSpec spec(String layoutName) {
    Optional<FabricSpec> lab = LabLayouts.spec(layoutName);
    if (lab.isPresent()) {
      return lab.get();
    }
    if (FabricPresets.names().contains(layoutName)) {
      return FabricPresets.named(layoutName);
    }
    throw new IllegalArgumentException(
        MINI.equals(layoutName)
            ? MINI + " has no tenant-model spec"
            : "unknown preset '" + layoutName + "', expected one of " + names());
  }

  /** The layouts of {@code preset}; throws IllegalArgumentException for an unknown preset. */
  public static List<SwitchLayout> of(String preset, boolean leavesOnly) {
    return plan(preset, leavesOnly).switches();
  }

  /**
   * Switches, servers and cables of {@code preset}; with {@code leavesOnly} the cables between
   * switches are left out (their far ends are not emulated). Throws IllegalArgumentException for an
   * unknown preset.
   */
  public static FabricPlan plan(String preset, boolean leavesOnly) {
    if (MINI.equals(preset)) {
      return mini(leavesOnly);
    }
    return fromModel(Fabric.of(spec(preset)), leavesOnly);
  }

  private static FabricPlan mini(boolean leavesOnly) {
    List<String> ports = new ArrayList<>();
    for (int n = 1; n <= 64; n++) {
      ports.add(PortName.fourHundred(n).value());
    }
    String spine = Underlay.spineLoopback(1);
    List<String> leaves = List.of(Underlay.leafLoopback(1), Underlay.leafLoopback(2));
    List<SwitchLayout> out = new ArrayList<>();
    if (!leavesOnly) {
      out.add(
          new SwitchLayout(
              "spine-01", "SPINE", ports, new Underlay(spine, Underlay.AS_NUMBER, leaves)));
    }
    out.add(
        new SwitchLayout(
            "leaf-01",
            "LEAF",
            ports,
            new Underlay(leaves.get(0), Underlay.AS_NUMBER, List.of(spine))));
    out.add(
        new SwitchLayout(
            "leaf-02",
            "LEAF",
            ports,
            new Underlay(leaves.get(1), Underlay.AS_NUMBER, List.of(spine))));
    return new FabricPlan(out, List.of(), List.of());
  }

  private static FabricPlan fromModel(Fabric fabric, boolean leavesOnly) {
    Map<SwitchName, String> loopbacks = new HashMap<>();
    for (int i = 0; i < fabric.spines().size(); i++) {
      loopbacks.put(fabric.spines().get(i).name(), Underlay.spineLoopback(i + 1));
    }
    for (int i = 0; i < fabric.leaves().size(); i++) {
      loopbacks.put(fabric.leaves().get(i).name(), Underlay.leafLoopback(i + 1));
    }
    List<SwitchLayout> switches = new ArrayList<>();
    Set<String> emulated = new HashSet<>();
    for (SwitchRole role : List.of(SwitchRole.SUPER_SPINE, SwitchRole.SPINE, SwitchRole.LEAF)) {
      if (leavesOnly && role != SwitchRole.LEAF) {
        continue;
      }
      for (Switch s : fabric.switches()) {
        if (s.role() == role) {
          List<String> ports = new ArrayList<>();
          for (PortName p : fabric.portsOf(s.name())) {
            ports.add(p.value());
          }
          switches.add(
              new SwitchLayout(
                  s.name().value(), role.name(), ports, underlay(fabric, s, loopbacks)));
          emulated.add(s.name().value());
        }
      }
    }
    List<ServerLayout> servers = new ArrayList<>();
    Map<GpuId, Gpu> gpus = new HashMap<>();
    for (Gpu g : fabric.gpus()) {
      gpus.put(g.id(), g);
    }
    for (GpuServer s : fabric.servers()) {
      List<String> nics = new ArrayList<>();
      for (GpuId id : s.gpus()) {
        nics.add(gpus.get(id).nic());
      }
      servers.add(new ServerLayout(s.name().value(), nics));
    }
    List<PlannedCable> cables = new ArrayList<>();
    for (Link l : fabric.links()) {
      String lower = l.lower().value();
      String upper = l.upper().value();
      if (emulated.contains(lower) && emulated.contains(upper)) {
        cables.add(
            new PlannedCable(
                new CableEnd.SwitchPort(lower, l.lowerPort().value()),
                new CableEnd.SwitchPort(upper, l.upperPort().value())));
      }
    }
    for (Gpu g : fabric.gpus()) {
      if (emulated.contains(g.leaf().value())) {
        cables.add(
            new PlannedCable(
                new CableEnd.SwitchPort(g.leaf().value(), g.port().value()),
                new CableEnd.ServerNic(g.server().value(), g.nic())));
      }
    }
    return new FabricPlan(switches, servers, cables);
  }

  /**
   * A leaf's loopback and the spines it has links to; a spine's and the leaves it has links to;
   * none for a super-spine.
   */
  private static Underlay underlay(Fabric fabric, Switch s, Map<SwitchName, String> loopbacks) {
    SwitchRole other;
    if (s.role() == SwitchRole.LEAF) {
      other = SwitchRole.SPINE;
    } else if (s.role() == SwitchRole.SPINE) {
      other = SwitchRole.LEAF;
    } else {
      return Underlay.NONE;
    }
    Set<SwitchName> peers = new TreeSet<>();
    for (Link l : fabric.linksOf(s.name())) {
      SwitchName far = l.lower().equals(s.name()) ? l.upper() : l.lower();
      if (fabric.switchNamed(far).map(Switch::role).orElse(null) == other) {
        peers.add(far);
      }
    }
    List<String> addresses = new ArrayList<>();
    for (SwitchName p : peers) {
      addresses.add(loopbacks.get(p));
    }
    return new Underlay(loopbacks.get(s.name()), Underlay.AS_NUMBER, addresses);
  }
}
