package io.tenantfabric.controller.device;

import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.provision.FabricSnapshots;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.DeviceViewStore;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Reads a switch's {@link DeviceFacts} in one read-only snapshot and compiles its target after the
 * transaction, so that no connection is held while compiling (nor during a live read that follows).
 */
@Component
class DeviceFactsReader {

  private final Transactions tx;
  private final FabricModels models;
  private final FabricSnapshots snapshots;
  private final DeviceViewStore views;
  private final SnapshotReads provisioning;

  DeviceFactsReader(
      Transactions tx,
      FabricModels models,
      FabricSnapshots snapshots,
      DeviceViewStore views,
      SnapshotReads provisioning) {
    this.tx = tx;
    this.models = models;
    this.snapshots = snapshots;
    this.views = views;
    this.provisioning = provisioning;
  }

  private record Rows(
      DeviceViewStore.Device device,
      List<DeviceViewStore.Port> ports,
      FabricSnapshot snapshot,
      Optional<StoredConfig> stored,
      Optional<PendingSwitch> endpoint) {}

  /**
   * The facts of switch {@code name}; 404 when there is no fabric or no such switch. With {@code
   * withEndpoint}, also its inventory entry (credentials included: it stays on the server side).
   */
  DeviceFacts read(SwitchName name, boolean withEndpoint) {
    Rows rows =
        tx.read(
            () -> {
              FabricSnapshot snapshot = snapshots.current(models.of(models.defined()));
              DeviceViewStore.Device device =
                  views
                      .device(name.value())
                      .orElseThrow(
                          () ->
                              Refusal.notFound(
                                  "Switch not found",
                                  "The fabric has no switch " + name.value() + "."));
              Optional<PendingSwitch> endpoint =
                  withEndpoint && device.managed()
                      ? provisioning.managedSwitches().stream()
                          .filter(s -> s.name().equals(name.value()))
                          .findFirst()
                      : Optional.empty();
              return new Rows(
                  device,
                  views.ports(name.value()),
                  snapshot,
                  Optional.ofNullable(
                      provisioning.configs(List.of(name.value())).get(name.value())),
                  endpoint);
            });
    return new DeviceFacts(
        rows.device(),
        rows.ports(),
        FabricCompiler.compile(rows.snapshot(), name),
        rows.stored(),
        rows.endpoint());
  }
}
