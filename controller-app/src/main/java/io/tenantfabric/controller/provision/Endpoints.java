package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.southbound.session.DeviceEndpoint;

/** How the southbound reaches a managed switch: its inventory entry, host key pinned. */
final class Endpoints {

  private Endpoints() {}

  static DeviceEndpoint of(PendingSwitch sw) {
    return new DeviceEndpoint(
        sw.name(), sw.host(), sw.port(), sw.username(), sw.password(), sw.hostKeySha256());
  }
}
