package io.tenantfabric.model.lifecycle;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.PortPurpose;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a switch's day-0 facts against what the plan needs of it (docs/model.md, "Day-0"): on
 * every switch the sysname, LLDP, the model's ports with their breakouts and jumbo frames of at
 * least {@value #MIN_JUMBO_FRAME} bytes on every fabric and GPU port; on a leaf also L2VPN, a VTEP
 * source and an EVPN peer; on a spine an EVPN peer.
 */
public final class Day0Check {

  /** The smallest frame size that counts as jumbo: RoCE's 4096-byte MTU with its headers fits. */
  public static final int MIN_JUMBO_FRAME = 9000;

  /** At most this many port names are listed in one gap; the rest are counted. */
  static final int LISTED_PORTS = 5;

  private Day0Check() {}

  /** What {@code facts} lack for switch {@code name} of {@code fabric}; empty when ready. */
  public static List<Day0Gap> gaps(Fabric fabric, SwitchName name, Day0Facts facts) {
    Switch sw =
        fabric
            .switchNamed(name)
            .orElseThrow(() -> new IllegalArgumentException(name + " is not in the fabric"));
    List<Day0Gap> gaps = new ArrayList<>();
    if (!facts.hostName().equals(name.value())) {
      gaps.add(
          new Day0Gap(
              Day0Item.SYSNAME,
              "sysname is '" + facts.hostName() + "', the plan names the switch " + name));
    }
    if (!facts.lldpEnabled()) {
      gaps.add(new Day0Gap(Day0Item.LLDP, "LLDP is not enabled globally (lldp global enable)"));
    }
    List<String> absent = new ArrayList<>();
    List<String> noJumbo = new ArrayList<>();
    for (PortName p : fabric.portsOf(name)) {
      if (!facts.interfaces().contains(p.value())) {
        absent.add(p.value());
      } else if (fabric.purposeOf(name, p) != PortPurpose.UNUSED
          && facts.jumboFrames().getOrDefault(p.value(), 0) < MIN_JUMBO_FRAME) {
        noJumbo.add(p.value());
      }
    }
    if (!absent.isEmpty()) {
      gaps.add(new Day0Gap(Day0Item.PORTS, "ports absent (breakout not done?): " + list(absent)));
    }
    if (!noJumbo.isEmpty()) {
      gaps.add(
          new Day0Gap(
              Day0Item.JUMBO_FRAMES,
              "jumbo frames below " + MIN_JUMBO_FRAME + " bytes on " + list(noJumbo)));
    }
    if (sw.role() == SwitchRole.LEAF) {
      if (!facts.l2vpnEnabled()) {
        gaps.add(new Day0Gap(Day0Item.L2VPN, "L2VPN is not enabled (l2vpn enable)"));
      }
      if (facts.vtepSource().filter(s -> !s.isBlank()).isEmpty()) {
        gaps.add(
            new Day0Gap(
                Day0Item.VTEP_SOURCE, "no VXLAN tunnel source (tunnel global source-address)"));
      }
    }
    if (facts.evpnPeers().isEmpty()) {
      gaps.add(new Day0Gap(Day0Item.EVPN_PEERS, "no BGP peer enabled for L2VPN EVPN"));
    }
    return List.copyOf(gaps);
  }

  private static String list(List<String> ports) {
    if (ports.size() <= LISTED_PORTS) {
      return String.join(", ", ports);
    }
    return String.join(", ", ports.subList(0, LISTED_PORTS))
        + " and "
        + (ports.size() - LISTED_PORTS)
        + " more";
  }
}
