package io.tenantfabric.southbound.comware.lifecycle;

/**
 * A leaf's {@code display current-configuration} with every day-0 line, in the form the emulator
 * renders them (its contract with the driver), between configuration the day-0 read ignores.
 */
final class Day0Texts {
  private Day0Texts() {}

  static final String LEAF =
      """
      #
       version 7.1.070, Release 6710
      #
       sysname leaf-01
      #
       lldp global enable
      #
       l2vpn enable
      #
       tunnel global source-address 10.255.1.1
      #
      vsi t-acme
       vxlan 10005
      #
      bgp 65000
       peer 10.255.0.1 as-number 65000
       peer 10.255.0.1 connect-interface LoopBack0
       peer 10.255.0.2 as-number 65000
       peer 10.255.0.2 connect-interface LoopBack0
       #
       address-family l2vpn evpn
        peer 10.255.0.1 enable
        peer 10.255.0.2 enable
      #
      interface FourHundredGigE1/0/1
       port link-mode bridge
       jumboframe enable 9416
      #
      interface FourHundredGigE1/0/2
       port link-mode bridge
       shutdown
       jumboframe enable 9416
       service-instance 1
        encapsulation untagged
        xconnect vsi t-acme
      #
      interface FourHundredGigE1/0/33
       port link-mode bridge
       jumboframe enable 9416
      #
      return
      """;

  /** {@link #LEAF} without the lines that contain any of {@code fragments}. */
  static String without(String... fragments) {
    StringBuilder b = new StringBuilder();
    int dropped = 0;
    for (String line : LEAF.split("\n", -1)) {
      boolean drop = false;
      for (String f : fragments) {
        drop |= line.contains(f);
      }
      if (drop) {
        dropped++;
      } else {
        b.append(line).append('\n');
      }
    }
    if (dropped < fragments.length) {
      throw new IllegalArgumentException("not every fragment is in a line");
    }
    return b.substring(0, b.length() - 1);
  }
}
