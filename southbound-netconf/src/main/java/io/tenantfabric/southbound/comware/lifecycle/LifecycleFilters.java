package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.southbound.protocol.Namespaces;
import org.w3c.dom.Element;

/**
 * The subtree filters of the lifecycle reads, in the data namespace of {@code <get>}
 * (comware-facts.md section 2.1): a table alone returns all its rows, a row with named columns only
 * those columns (section 2.5).
 */
final class LifecycleFilters {
  private LifecycleFilters() {}

  /**
   * {@code Device/Base/HostName} and {@code LLDP/Inventory/{SerialNum, ModelName, SoftwareRev}}.
   */
  static Element identity() {
    Element top = TableXml.top(Namespaces.H3C_DATA);
    TableXml.path(top, "Device", "Base", "HostName");
    TableXml.select(
        TableXml.path(top, "LLDP", "Inventory"), "SerialNum", "ModelName", "SoftwareRev");
    return top;
  }

  /**
   * Every {@code LLDP/LLDPNeighbors/LLDPNeighbor} row whole, and each interface's {@code IfIndex},
   * {@code Name}, {@code AdminStatus} and {@code OperStatus}, to name the neighbours' local ports.
   */
  static Element cabling() {
    Element top = TableXml.top(Namespaces.H3C_DATA);
    TableXml.path(top, "LLDP", "LLDPNeighbors", "LLDPNeighbor");
    TableXml.select(
        TableXml.path(top, "Ifmgr", "Interfaces", "Interface"),
        "IfIndex",
        "Name",
        "AdminStatus",
        "OperStatus");
    return top;
  }

  /** {@code Device/Base/HostName} and every interface's {@code Name}. */
  static Element day0Tables() {
    Element top = TableXml.top(Namespaces.H3C_DATA);
    TableXml.path(top, "Device", "Base", "HostName");
    TableXml.path(top, "Ifmgr", "Interfaces", "Interface", "Name");
    return top;
  }

  /**
   * {@code L2VPN/Base/Enable}, alone: a release that refuses the L2VPN module in XML
   * (comware-facts.md section 0.3) then fails this get only.
   */
  static Element l2vpnBase() {
    Element top = TableXml.top(Namespaces.H3C_DATA);
    TableXml.path(top, "L2VPN", "Base", "Enable");
    return top;
  }
}
