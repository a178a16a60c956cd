package io.tenantfabric.emulator;

/**
 * One step of a re-cabling: connect {@code port} of switch {@code device} to {@code peer}, or, with
 * a null peer, pull the cable out of it.
 */
public record CableChange(String device, String port, CableEnd peer) {
  public CableChange {
    if (device == null || port == null) {
      throw new IllegalArgumentException("a cable change names a switch and its port");
    }
  }

  /** Connects {@code device}'s {@code port} to {@code peer}. */
  public static CableChange connect(String device, String port, CableEnd peer) {
    if (peer == null) {
      throw new IllegalArgumentException("connect needs a far end; use remove to pull a cable");
    }
    return new CableChange(device, port, peer);
  }

  /** Pulls the cable out of {@code device}'s {@code port}. */
  public static CableChange remove(String device, String port) {
    return new CableChange(device, port, null);
  }
}
