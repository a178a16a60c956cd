package io.tenantfabric.emulator.topology;

import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A fabric that is yet to grow: every switch and server of the larger layout ({@code target}), of
 * which only {@code installed} are racked and powered, cabled as the smaller layout plans ({@code
 * cabled}); the rest wait, without cables, for an install and a re-cabling. Without a smaller
 * layout every switch is installed and the cables are the target's plan.
 */
public record GrowthPlan(FabricPlan target, Set<String> installed, List<PlannedCable> cabled) {
  public GrowthPlan {
    installed = Set.copyOf(installed);
    cabled = List.copyOf(cabled);
  }

  /**
   * The switches of {@code preset}, those of {@code installedPreset} (null: all) installed and
   * cabled as it plans; IllegalArgumentException for an unknown layout, or a smaller one whose
   * switches, servers or cabled ports the larger lacks.
   */
  public static GrowthPlan of(String preset, String installedPreset, boolean leavesOnly) {
    FabricPlan target = FabricLayouts.plan(preset, leavesOnly);
    if (installedPreset == null) {
      Set<String> all = new LinkedHashSet<>();
      target.switches().forEach(s -> all.add(s.name()));
      return new GrowthPlan(target, all, target.cables());
    }
    FabricPlan smaller = FabricLayouts.plan(installedPreset, leavesOnly);
    Map<String, Integer> cages = new HashMap<>();
    target.switches().forEach(s -> cages.put(s.name(), s.frontPanelPorts()));
    Set<String> missing = new TreeSet<>();
    Set<String> installed = new LinkedHashSet<>();
    for (SwitchLayout s : smaller.switches()) {
      if (!cages.containsKey(s.name())) {
        missing.add(s.name());
      }
      installed.add(s.name());
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "installed preset '"
              + installedPreset
              + "' is not part of '"
              + preset
              + "': it has switches "
              + missing
              + " that '"
              + preset
              + "' lacks");
    }
    Map<String, List<String>> nics = new HashMap<>();
    target.servers().forEach(s -> nics.put(s.name(), s.nics()));
    for (ServerLayout s : smaller.servers()) {
      List<String> big = nics.get(s.name());
      if (big == null || !big.containsAll(s.nics())) {
        throw new IllegalArgumentException(
            "installed preset '"
                + installedPreset
                + "' is not part of '"
                + preset
                + "': server "
                + s.name()
                + " "
                + s.nics()
                + " is not in it");
      }
    }
    List<PlannedCable> cabled = new ArrayList<>();
    for (PlannedCable c : smaller.cables()) {
      requireCage(c.a(), cages, installedPreset, preset);
      if (c.b() instanceof CableEnd.SwitchPort p) {
        requireCage(p, cages, installedPreset, preset);
      }
      cabled.add(c);
    }
    return new GrowthPlan(target, installed, cabled);
  }

  private static void requireCage(
      CableEnd.SwitchPort p, Map<String, Integer> cages, String smaller, String larger) {
    if (new PortName(p.port()).number() > cages.get(p.device())) {
      throw new IllegalArgumentException(
          "installed preset '"
              + smaller
              + "' cables "
              + p
              + ", a port that "
              + p.device()
              + " of '"
              + larger
              + "' lacks");
    }
  }
}
