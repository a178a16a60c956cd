package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;

/** The device's fixed error texts (comware-facts.md §2.6-2.8; [G] where marked there). */
final class DeviceErrors {
  static final String LOCK_DENIED_COMWARE =
      "Lock failed because the NETCONF lock is held by another session.";
  static final String NO_SAVE_POINT = "Current session doesn't have a save-point.";

  private DeviceErrors() {}

  static RpcException lockDenied(String message, int holder) {
    return new RpcException(
        NetconfError.protocol("lock-denied", message)
            .withInfo("session-id", Integer.toString(holder)));
  }

  static RpcException failed(String message) {
    return new RpcException(NetconfError.application("operation-failed", message));
  }

  static RpcException invalid(String message) {
    return new RpcException(NetconfError.application("invalid-value", message));
  }
}
