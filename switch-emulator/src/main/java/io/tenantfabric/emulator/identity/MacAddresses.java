package io.tenantfabric.emulator.identity;

/**
 * MAC addresses derived by hashing, written as Comware writes them in LLDP ({@code 0014-1c57-a491},
 * lower case). Both kinds are locally administered unicast addresses, so none is any vendor's: a
 * switch's bridge MAC starts with {@code 02}, a server NIC's with {@code 06}.
 */
public final class MacAddresses {
  private MacAddresses() {}

  /** The bridge MAC of the switch with {@code serialNumber} (its LLDP chassis ID). */
  public static String bridge(String serialNumber) {
    return format(0x02, SerialNumbers.sha256("bridge#" + serialNumber));
  }

  /** The MAC of NIC {@code nic} of server {@code server} (the chassis ID its LLDP agent sends). */
  public static String nic(String server, String nic) {
    return format(0x06, SerialNumbers.sha256("nic#" + server + "#" + nic));
  }

  private static String format(int first, byte[] h) {
    String hex =
        String.format(
            "%02x%02x%02x%02x%02x%02x",
            first, h[0] & 0xff, h[1] & 0xff, h[2] & 0xff, h[3] & 0xff, h[4] & 0xff);
    return hex.substring(0, 4) + "-" + hex.substring(4, 8) + "-" + hex.substring(8);
  }
}
