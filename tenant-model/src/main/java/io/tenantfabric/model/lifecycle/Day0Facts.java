package io.tenantfabric.model.lifecycle;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The day-0 facts a switch reports: sysname, whether L2VPN and LLDP are enabled, the VXLAN tunnel
 * source, the BGP peers enabled for L2VPN EVPN, the interfaces that exist and the jumbo frame size
 * set on each interface (absent: not enabled).
 */
public record Day0Facts(
    String hostName,
    boolean l2vpnEnabled,
    boolean lldpEnabled,
    Optional<String> vtepSource,
    Set<String> evpnPeers,
    Set<String> interfaces,
    Map<String, Integer> jumboFrames) {

  public Day0Facts {
    hostName = hostName == null ? "" : hostName.strip();
    vtepSource = vtepSource == null ? Optional.empty() : vtepSource;
    evpnPeers = Set.copyOf(evpnPeers);
    interfaces = Set.copyOf(interfaces);
    jumboFrames = Map.copyOf(jumboFrames);
  }
}
