package io.tenantfabric.emulator.topology;

import java.util.List;

/**
 * The underlay a switch's day-0 configuration sets up: its loopback address (the VXLAN tunnel
 * source on a leaf; null where the installer sets none), the fabric's BGP AS, and the loopbacks of
 * its BGP EVPN peers (empty: no BGP block).
 */
public record Underlay(String loopback, long asNumber, List<String> peers) {
  /** The fabric's one (iBGP) AS. */
  public static final long AS_NUMBER = 65000;

  /** No loopback and no BGP: a super-spine's day-0. */
  public static final Underlay NONE = new Underlay(null, AS_NUMBER, List.of());

  public Underlay {
    peers = List.copyOf(peers);
  }

  /**
   * The loopback of the {@code n}-th (1-based) spine: {@code 10.255.0.n} up to 254 spines, then
   * {@code 10.255.2.x}, {@code 10.255.4.x}, ...
   */
  public static String spineLoopback(int n) {
    return address(0, n);
  }

  /**
   * The loopback of the {@code n}-th (1-based) leaf: {@code 10.255.1.n} up to 254 leaves, then
   * {@code 10.255.3.x}, {@code 10.255.5.x}, ...
   */
  public static String leafLoopback(int n) {
    return address(1, n);
  }

  private static String address(int lane, int n) {
    if (n < 1 || n > 254 * 128) {
      throw new IllegalArgumentException("switch number " + n + " outside 1.." + 254 * 128);
    }
    return "10.255." + (2 * ((n - 1) / 254) + lane) + "." + ((n - 1) % 254 + 1);
  }
}
