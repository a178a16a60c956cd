package io.tenantfabric.model.compile;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.SwitchName;

/**
 * The switches of one snapshot, compiled one call each (the snapshot checked and indexed once, in
 * {@link FabricCompiler#over}). Safe to call from several threads at once: the snapshot and its
 * index are immutable, and the tenant ACLs built on the way are kept in a concurrent map, so a
 * caller may compile a wide batch's switches side by side.
 */
public final class SnapshotCompiler {
  private final Fabric fabric;
  private final DeviceCompiler compiler;

  SnapshotCompiler(FabricSnapshot snapshot) {
    this.fabric = snapshot.fabric();
    this.compiler = new DeviceCompiler(snapshot, IntentIndex.of(snapshot));
  }

  /** The config of {@code name}; IntentConflictException when it is no switch of the fabric. */
  public DeviceConfig compile(SwitchName name) {
    return compiler.compile(
        fabric
            .switchNamed(name)
            .orElseThrow(
                () ->
                    new IntentConflictException(
                        "device-unknown",
                        "device " + name,
                        "device " + name + " is not a switch of fabric " + fabric.name())));
  }
}
