package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.protocol.NetconfRpcException;

/** Every lock attempt got lock-denied; names the session that holds the lock (RFC 6241 7.5). */
public class LockDeniedException extends DeviceTransactionException {

  private static final long serialVersionUID = 1L;
  private final String holderSessionId;
  private final int attempts;

  public LockDeniedException(
      String device, String holderSessionId, int attempts, NetconfRpcException cause) {
    super(
        device,
        "lock",
        "lock held by session " + holderSessionId + " after " + attempts + " attempts",
        cause);
    this.holderSessionId = holderSessionId;
    this.attempts = attempts;
  }

  /** error-info/session-id of the last lock-denied ("0" if not a NETCONF session, "" if absent). */
  public String holderSessionId() {
    return holderSessionId;
  }

  public int attempts() {
    return attempts;
  }
}
