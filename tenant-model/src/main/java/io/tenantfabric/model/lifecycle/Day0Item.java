package io.tenantfabric.model.lifecycle;

/**
 * What a switch must carry from its installer before the controller manages it (day-0): the
 * controller checks these and never pushes them.
 */
public enum Day0Item {
  /** The sysname is the switch's name in the plan (LLDP peers identify it by it). */
  SYSNAME,
  /** LLDP is enabled globally (the cabling check needs it). */
  LLDP,
  /** Every port of the model exists, with its breakout. */
  PORTS,
  /** Jumbo frames on every fabric and GPU port. */
  JUMBO_FRAMES,
  /** L2VPN is enabled (leaves). */
  L2VPN,
  /** A VXLAN tunnel source address is set (leaves). */
  VTEP_SOURCE,
  /** At least one BGP peer is enabled for the L2VPN EVPN address family. */
  EVPN_PEERS,
  /** The serial number is the one the inventory pins, when it pins one (the right box). */
  SERIAL_NUMBER
}
