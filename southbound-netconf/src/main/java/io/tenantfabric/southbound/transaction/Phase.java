package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.protocol.NetconfException;
import java.util.function.Supplier;

/** Runs one step of a transaction and names it: a device failure becomes a phase's failure. */
final class Phase {
  private Phase() {}

  /** The action's result; a NetconfException becomes a DeviceTransactionException of phase. */
  static <T> T call(String device, String phase, Supplier<T> action) {
    try {
      return action.get();
    } catch (DeviceTransactionException e) {
      throw e;
    } catch (NetconfException e) {
      throw new DeviceTransactionException(device, phase, "device refused", e);
    }
  }

  static void run(String device, String phase, Runnable action) {
    call(
        device,
        phase,
        () -> {
          action.run();
          return null;
        });
  }
}
