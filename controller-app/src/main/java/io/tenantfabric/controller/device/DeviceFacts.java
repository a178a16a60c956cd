package io.tenantfabric.controller.device;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.provisioning.DeviceViewStore;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.model.device.DeviceConfig;
import java.util.List;
import java.util.Optional;

/**
 * What the views know of one switch, read in one snapshot: its record, its ports, its target config
 * compiled from the intent of that snapshot, its last verified config, and (when asked for and the
 * switch is managed) how the southbound reaches it.
 */
record DeviceFacts(
    DeviceViewStore.Device device,
    List<DeviceViewStore.Port> ports,
    DeviceConfig target,
    Optional<StoredConfig> stored,
    Optional<PendingSwitch> endpoint) {

  /** True when the intent is ahead of what the switch verifiably applied. */
  boolean pending() {
    return device.desiredGeneration() > device.appliedGeneration();
  }

  /**
   * The state shown for the switch, as {@code GET /api/v1/fabric} shows it: {@code UNMANAGED}
   * without an inventory entry; {@code PENDING} when behind its intent and nothing is wrong with
   * it.
   */
  String state() {
    if (!device.managed()) {
      return "UNMANAGED";
    }
    return pending() && "IN_SYNC".equals(device.status().state())
        ? "PENDING"
        : device.status().state();
  }

  /**
   * How to reach the switch (read {@code withEndpoint}); a 409 problem when it has no inventory
   * entry: an unmanaged switch is neither read nor changed, which a 404 would hide.
   */
  PendingSwitch requireManaged() {
    if (!device.managed()) {
      throw Refusal.conflict(
              "Switch not managed",
              device.name()
                  + " has no inventory entry, so the controller neither reads nor changes it;"
                  + " onboard it with PUT /api/v1/fabric and its devices.")
          .with("state", "UNMANAGED");
    }
    return endpoint.orElseThrow(() -> new IllegalStateException("facts read without endpoint"));
  }
}
