package io.tenantfabric.emulator.support;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.xml.SafeXml;
import java.util.LinkedHashMap;
import java.util.Map;
import org.w3c.dom.Element;

/** What a switch tells a NETCONF client about one port: its LLDP neighbour and its OperStatus. */
public final class LldpReads {
  static final String DATA = "http://www.h3c.com/netconf/data:1.0";

  private LldpReads() {}

  /** A {@code get} with a subtree filter of Comware data {@code filter}, over SSH. */
  public static String get(EmulatedDevice d, String filter) throws Exception {
    try (RawNetconfClient c = RawNetconfClient.connect(d)) {
      return c.rpc(
          "<get><filter type=\"subtree\"><top xmlns=\""
              + DATA
              + "\">"
              + filter
              + "</top></filter></get>");
    }
  }

  /** The IfIndex of {@code port}, resolved by name as the controller does; null when none. */
  public static String ifIndex(EmulatedDevice d, String port) throws Exception {
    String reply =
        get(
            d,
            "<Ifmgr><Interfaces><Interface><IfIndex/><Name>"
                + port
                + "</Name></Interface></Interfaces></Ifmgr>");
    int at = reply.indexOf("<IfIndex>");
    return at < 0 ? null : reply.substring(at + 9, reply.indexOf("</IfIndex>"));
  }

  /** The LLDP neighbour row on {@code port} (element names to texts), or null when none. */
  public static Map<String, String> neighbour(EmulatedDevice d, String port) throws Exception {
    String ix = ifIndex(d, port);
    if (ix == null) {
      throw new AssertionError(d.name() + " has no port " + port);
    }
    Element root = SafeXml.parse(get(d, "<LLDP><LLDPNeighbors/></LLDP>")).getDocumentElement();
    var list = root.getElementsByTagNameNS(DATA, "LLDPNeighbor");
    for (int i = 0; i < list.getLength(); i++) {
      Map<String, String> row = new LinkedHashMap<>();
      for (Element c : SafeXml.children((Element) list.item(i))) {
        row.put(c.getLocalName(), c.getTextContent());
      }
      if (ix.equals(row.get("IfIndex"))) {
        return row;
      }
    }
    return null;
  }

  /** {@code Ifmgr} OperStatus of {@code port}: 1 up, 2 down. */
  public static String operStatus(EmulatedDevice d, String port) throws Exception {
    String reply =
        get(
            d,
            "<Ifmgr><Interfaces><Interface><Name>"
                + port
                + "</Name><OperStatus/></Interface></Interfaces></Ifmgr>");
    return reply.substring(reply.indexOf("<OperStatus>") + 12, reply.indexOf("</OperStatus>"));
  }
}
