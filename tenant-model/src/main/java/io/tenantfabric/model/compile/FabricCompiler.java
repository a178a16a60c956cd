package io.tenantfabric.model.compile;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Intent becomes switch config: a pure, deterministic function of a {@link FabricSnapshot} that
 * compiles the switches asked for and no others, throwing {@link IntentConflictException} when the
 * snapshot breaks a rule (whichever switches were asked for).
 */
public final class FabricCompiler {

  private FabricCompiler() {}

  /** The config of one switch. */
  public static DeviceConfig compile(FabricSnapshot snapshot, SwitchName device) {
    return compile(snapshot, List.of(device)).get(device);
  }

  /** The configs of the given switches, by name; duplicates in {@code devices} count once. */
  public static SortedMap<SwitchName, DeviceConfig> compile(
      FabricSnapshot snapshot, Collection<SwitchName> devices) {
    SnapshotCompiler compiler = over(snapshot);
    SortedMap<SwitchName, DeviceConfig> configs = new TreeMap<>();
    for (SwitchName name : new TreeSet<>(devices)) {
      configs.put(name, compiler.compile(name));
    }
    return Collections.unmodifiableSortedMap(configs);
  }

  /**
   * The snapshot checked and indexed once, for compiling its switches one call each (from several
   * threads if the caller likes); throws IntentConflictException as {@link #compile} does.
   */
  public static SnapshotCompiler over(FabricSnapshot snapshot) {
    return new SnapshotCompiler(snapshot);
  }

  /** The configs of every switch of the fabric, by name. */
  public static SortedMap<SwitchName, DeviceConfig> compile(FabricSnapshot snapshot) {
    List<SwitchName> all = new ArrayList<>(snapshot.fabric().switches().size());
    for (Switch sw : snapshot.fabric().switches()) {
      all.add(sw.name());
    }
    return compile(snapshot, all);
  }
}
