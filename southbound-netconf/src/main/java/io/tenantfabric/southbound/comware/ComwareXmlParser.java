package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.InvalidDeviceConfigException;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.Namespaces;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.w3c.dom.Element;

/**
 * Parses Comware config XML (a get-config {@code <data>} or its {@code <top>}) back into observed
 * tables; tolerant of the namespace used and of booleans written true/false or 1/0.
 */
public final class ComwareXmlParser {
  private ComwareXmlParser() {}

  /** The IfIndex of each port in a get reply of {@link ComwareXml#ifIndexFilter}. */
  public static IfIndexMap parseIfIndexes(Element dataOrTop) {
    Element top = topOf(dataOrTop);
    SortedMap<PortName, Integer> map = new TreeMap<>();
    for (Element row : Dom.rows(top, "Ifmgr", "Interfaces", "Interface")) {
      Optional<String> name = Dom.text(row, "Name");
      Optional<String> index = Dom.text(row, "IfIndex");
      if (name.isPresent() && index.isPresent()) {
        PortName port;
        try {
          port = new PortName(name.get());
        } catch (IllegalArgumentException notAFrontPanelPort) {
          continue; // M-GigabitEthernet, Vsi-interface ...: never managed by the controller
        }
        map.put(port, Integer.parseInt(index.get()));
      }
    }
    return new IfIndexMap(map);
  }

  /** Fills the observation from every module present in the XML. */
  public static ObservedConfig parse(Element dataOrTop, IfIndexMap ifIndexes) {
    Element top = topOf(dataOrTop);
    ObservedConfig o = new ObservedConfig();
    for (Element row : Dom.rows(top, "Ifmgr", "Interfaces", "Interface")) {
      Optional<PortName> port = port(row, "IfIndex", ifIndexes);
      if (port.isPresent()) {
        boolean up =
            !Dom.text(row, "AdminStatus").orElse(ComwareXml.ADMIN_UP).equals(ComwareXml.ADMIN_DOWN);
        o.portStates.put(
            port.get(), new ObservedConfig.PortState(up, Dom.text(row, "Description").orElse("")));
      }
    }
    for (Element row : Dom.rows(top, "L2VPN", "VSIs", "VSI")) {
      Dom.text(row, "VsiName").ifPresent(o.vsis::add);
    }
    for (Element row : Dom.rows(top, "L2VPN", "SRVs", "SRV")) {
      Optional<PortName> port = port(row, "IfIndex", ifIndexes);
      Optional<String> srv = Dom.text(row, "SrvID");
      if (port.isPresent() && srv.isPresent()) {
        o.service(
            port.get(),
            Integer.parseInt(srv.get()),
            ComwareEncapsulation.fromXml(
                Dom.text(row, "Encap"), Dom.text(row, "SVlanRange"), Dom.text(row, "CVlanRange")));
      }
    }
    for (Element row : Dom.rows(top, "L2VPN", "ACs", "AC")) {
      Optional<PortName> port = port(row, "IfIndex", ifIndexes);
      Optional<String> srv = Dom.text(row, "SrvID");
      Optional<String> vsi = Dom.text(row, "VsiName");
      if (port.isPresent() && srv.isPresent() && vsi.isPresent()) {
        o.xconnect(port.get(), Integer.parseInt(srv.get()), vsi.get());
      }
    }
    for (Element row : Dom.rows(top, "VXLAN", "VXLANs", "Vxlan")) {
      Optional<String> id = Dom.text(row, "VxlanID");
      Optional<String> vsi = Dom.text(row, "VsiName");
      if (id.isPresent() && vsi.isPresent()) {
        o.vxlans.put(vsi.get(), Integer.parseInt(id.get()));
      } else if (id.isPresent()) {
        o.unmappedVxlans.add(Integer.parseInt(id.get()));
      }
    }
    for (Element row : Dom.rows(top, "ACL", "NamedGroups", "Group")) {
      boolean ipv4 =
          Dom.text(row, "GroupType").orElse(ComwareXml.GROUP_IPV4).equals(ComwareXml.GROUP_IPV4);
      boolean advanced =
          Dom.text(row, "GroupCategory")
              .orElse(ComwareXml.CATEGORY_ADVANCED)
              .equals(ComwareXml.CATEGORY_ADVANCED);
      Optional<String> name = Dom.text(row, "GroupIndex");
      if (ipv4 && advanced && name.isPresent()) {
        o.acls.putIfAbsent(name.get(), new ArrayList<>());
      }
    }
    for (Element row : Dom.rows(top, "ACL", "IPv4NamedAdvanceRules", "Rule")) {
      Optional<String> group = Dom.text(row, "GroupIndex");
      if (group.isEmpty()) {
        continue;
      }
      try {
        o.acls.computeIfAbsent(group.get(), g -> new ArrayList<>()).add(rule(row));
      } catch (IllegalArgumentException e) {
        o.anomaly("acl " + group.get() + " has a rule the model cannot express: " + e.getMessage());
      }
    }
    for (Element row : Dom.rows(top, "ACL", "PfilterApply", "Pfilter")) {
      boolean onInterface = Dom.text(row, "AppObjType").orElse("").equals(ComwareXml.OBJ_INTERFACE);
      Optional<PortName> port = port(row, "AppObjIndex", ifIndexes);
      Optional<String> acl = Dom.text(row, "AppAclGroup");
      if (!onInterface || port.isEmpty() || acl.isEmpty()) {
        continue; // a VLAN's or the global filter: not a port's
      }
      packetFilter(o, port.get(), acl.get(), row);
    }
    return o;
  }

  /** An interface's packet filter row of any direction and ACL family, or an anomaly naming it. */
  private static void packetFilter(ObservedConfig o, PortName port, String acl, Element row) {
    String direction = Dom.text(row, "AppDirection").orElse("");
    String type = Dom.text(row, "AppAclType").orElse("");
    PortExtra.PacketFilter.Direction d =
        direction.equals(ComwareXml.DIRECTION_INBOUND)
            ? PortExtra.PacketFilter.Direction.INBOUND
            : direction.equals(ComwareXml.DIRECTION_OUTBOUND)
                ? PortExtra.PacketFilter.Direction.OUTBOUND
                : null;
    PortExtra.PacketFilter.Family f = ComwareXml.aclFamily(type);
    if (d == null || f == null) {
      o.anomaly(
          port.value()
              + " has packet filter "
              + acl
              + " of direction "
              + direction
              + " and ACL type "
              + type);
      return;
    }
    try {
      o.packetFilter(port, new PortExtra.PacketFilter(acl, d, f));
    } catch (InvalidDeviceConfigException e) {
      o.anomaly(port.value() + ": " + e.getMessage());
    }
  }

  private static AclRule rule(Element row) {
    int id =
        Integer.parseInt(
            Dom.text(row, "RuleID").orElseThrow(() -> new IllegalArgumentException("no RuleID")));
    String action = Dom.text(row, "Action").orElse(ComwareXml.ACTION_DENY);
    String protocol = Dom.text(row, "ProtocolType").orElse(ComwareXml.PROTOCOL_ANY_IP);
    if (!protocol.equals(ComwareXml.PROTOCOL_ANY_IP)) {
      throw new IllegalArgumentException("rule " + id + " matches protocol " + protocol);
    }
    return new AclRule(
        id,
        action.equals(ComwareXml.ACTION_PERMIT) ? AclAction.PERMIT : AclAction.DENY,
        address(row, "Src"),
        address(row, "Dst"),
        bool(Dom.text(row, "Counting").orElse("false")),
        Dom.text(row, "Comment").orElse(""));
  }

  private static Optional<Ipv4Prefix> address(Element row, String side) {
    Optional<Element> group = Dom.first(row, side + "IPv4");
    boolean any = bool(Dom.text(row, side + "Any").orElse(group.isPresent() ? "false" : "true"));
    if (any || group.isEmpty()) {
      return Optional.empty();
    }
    String addr =
        Dom.text(group.get(), side + "IPv4Addr")
            .orElseThrow(() -> new IllegalArgumentException(side + "IPv4Addr missing"));
    String wild = Dom.text(group.get(), side + "IPv4Wildcard").orElse("0.0.0.0");
    return Optional.of(Wildcards.prefix(addr, wild));
  }

  /** Comware booleans: true/false in most sources, 1/0 in some (section 3.4). */
  static boolean bool(String s) {
    switch (s.strip().toLowerCase(Locale.ROOT)) {
      case "true":
      case "1":
        return true;
      case "false":
      case "0":
      case "2": // HardCount-style enumerations use 1 true / 2 false
        return false;
      default:
        throw new IllegalArgumentException("not a Comware boolean: " + s);
    }
  }

  private static Optional<PortName> port(Element row, String column, IfIndexMap ifIndexes) {
    return Dom.text(row, column).flatMap(i -> ifIndexes.portOf(Integer.parseInt(i)));
  }

  /** Accepts {@code <rpc-reply>}, {@code <data>} or {@code <top>} and returns the {@code <top>}. */
  static Element topOf(Element e) {
    if ("top".equals(Dom.localName(e))) {
      return e;
    }
    Optional<Element> top = Dom.first(e, "top");
    if (top.isPresent()) {
      return top.get();
    }
    Optional<Element> data = Dom.first(e, "data");
    if (data.isPresent()) {
      return topOf(data.get());
    }
    // an empty <data/>: no module configured
    return Dom.top(Namespaces.H3C_CONFIG);
  }
}
