package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.session.DeviceEndpoint;
import java.util.Optional;

/**
 * One switch of a batch: where to reach it, the generation the batch brings it to, the compiled
 * target, and the config it was last verified to run (empty: read it from the switch first).
 */
record SwitchTarget(
    PendingSwitch sw, long generation, DeviceConfig target, Optional<DeviceConfig> believed) {

  String name() {
    return sw.name();
  }

  DeviceEndpoint endpoint() {
    return Endpoints.of(sw);
  }
}
