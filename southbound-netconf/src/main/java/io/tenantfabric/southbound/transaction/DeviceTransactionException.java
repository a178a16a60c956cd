package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.protocol.NetconfException;

/**
 * A device transaction failed and was rolled back (or could not be); names the switch, the phase
 * and carries the device's own error text through its cause (NetconfRpcException,
 * CliRejectedException).
 */
public class DeviceTransactionException extends NetconfException {

  private static final long serialVersionUID = 1L;
  private final String phase;

  public DeviceTransactionException(String device, String phase, String message, Throwable cause) {
    super(
        device, phase + ": " + message + (cause == null ? "" : " <- " + cause.getMessage()), cause);
    this.phase = phase;
  }

  /**
   * Where it failed, one word: "lock", "read", "resolve", "edit", "verify", "replan", "commit",
   * "confirm", ...; what was being done at that point is in the message.
   */
  public String phase() {
    return phase;
  }
}
