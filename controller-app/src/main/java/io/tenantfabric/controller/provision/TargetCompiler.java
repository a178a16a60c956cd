package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.SnapshotCompiler;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Optional;

/**
 * Compiles the {@link SwitchTarget} of each switch of a {@link PendingIntent}: its config from one
 * snapshot of the intent, and what the switch is believed to run from its stored, verified config.
 */
final class TargetCompiler {

  private TargetCompiler() {}

  /** The targets of {@code intent}'s switches, compiled from one snapshot. */
  static List<SwitchTarget> compile(PendingIntent intent) {
    SnapshotCompiler compiler = FabricCompiler.over(snapshot(intent));
    // pure CPU per switch (compile the target, parse the stored belief), spread over the cores
    // since the devices wait idle until it is done
    return intent.pending().parallelStream().map(s -> target(s, compiler, intent)).toList();
  }

  private static SwitchTarget target(
      PendingSwitch s, SnapshotCompiler compiler, PendingIntent intent) {
    StoredConfig stored = intent.configs().get(s.name());
    Optional<DeviceConfig> believed =
        stored != null && stored.valid()
            ? Optional.of(DeviceConfigJson.read(stored.configJson()))
            : Optional.empty();
    return new SwitchTarget(
        s, s.desiredGeneration(), compiler.compile(new SwitchName(s.name())), believed);
  }

  private static FabricSnapshot snapshot(PendingIntent intent) {
    return FabricSnapshots.of(intent.fabric(), intent.tenants(), intent.allocations());
  }
}
