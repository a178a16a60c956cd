package io.tenantfabric.emulator.topology;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Switch layouts of a preset, in listening order (super-spines, spines, then leaves), from
 * tenant-model's {@link FabricPresets}; {@code emulator-mini} (1 spine, 2 leaves with 64 400G
 * ports) exists for fast tests.
 */
public final class FabricLayouts {
  /** A tiny fabric for tests. */
  public static final String MINI = "emulator-mini";

  private FabricLayouts() {}

  /** Every preset name this emulator accepts. */
  public static Set<String> names() {
    Set<String> n = new LinkedHashSet<>(FabricPresets.names());
    n.add(MINI);
    return n;
  }

  /** The layouts of {@code preset}; throws IllegalArgumentException for an unknown preset. */
  public static List<SwitchLayout> of(String preset, boolean leavesOnly) {
    if (MINI.equals(preset)) {
      List<String> ports = new ArrayList<>();
      for (int n = 1; n <= 64; n++) {
        ports.add(PortName.fourHundred(n).value());
      }
      List<SwitchLayout> out = new ArrayList<>();
      if (!leavesOnly) {
        out.add(new SwitchLayout("spine-01", "SPINE", ports));
      }
      out.add(new SwitchLayout("leaf-01", "LEAF", ports));
      out.add(new SwitchLayout("leaf-02", "LEAF", ports));
      return out;
    }
    if (!FabricPresets.names().contains(preset)) {
      throw new IllegalArgumentException(
          "unknown preset '" + preset + "', expected one of " + names());
    }
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    List<SwitchLayout> out = new ArrayList<>();
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
          out.add(new SwitchLayout(s.name().value(), role.name(), ports));
        }
      }
    }
    return out;
  }
}
