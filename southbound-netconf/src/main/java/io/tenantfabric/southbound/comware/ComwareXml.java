package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.Namespaces;
import java.util.List;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * Renders DeviceConfig and edit steps as Comware config XML (comware-facts.md sections 3.1-3.4 and
 * 5): one {@code <top xmlns="config:1.0">} per edit-config, built with DOM.
 */
public final class ComwareXml {
  // Enumerations from comware-facts.md section 4.
  static final String ADMIN_UP = "1";
  static final String ADMIN_DOWN = "2";
  static final String ENCAP_UNTAGGED = ComwareEncapsulation.ENCAP_UNTAGGED;
  static final String ACCESS_ETHERNET = "2";
  static final String GROUP_IPV4 = "1";
  static final String CATEGORY_ADVANCED = "2";
  static final String ACTION_DENY = "1";
  static final String ACTION_PERMIT = "2";
  static final String PROTOCOL_ANY_IP = "256";
  static final String OBJ_INTERFACE = "1";
  static final String DIRECTION_INBOUND = "1";
  static final String DIRECTION_OUTBOUND = "2";
  static final String ACL_TYPE_IPV4 = "1";
  // packet filter AppAclType: the ACL family (comware-facts.md section 4)
  private static final List<String> ACL_TYPES = List.of("1", "2", "3", "4");
  private static final List<PortExtra.PacketFilter.Family> ACL_FAMILIES =
      List.of(
          PortExtra.PacketFilter.Family.IPV4,
          PortExtra.PacketFilter.Family.IPV6,
          PortExtra.PacketFilter.Family.MAC,
          PortExtra.PacketFilter.Family.USER_DEFINED);

  private ComwareXml() {}

  /** The whole managed state of a switch as Comware tables (used for golden files). */
  public static Element render(DeviceConfig config, IfIndexMap ifIndexes) {
    Element top = Dom.top(Namespaces.H3C_CONFIG);
    for (PortConfig p : config.ports().values()) {
      interfaceRow(top, ifIndexes.indexOf(p.port()), p.adminUp(), p.description());
    }
    for (VsiConfig v : config.vsis().values()) {
      vsiRow(top, v.name());
    }
    for (PortConfig p : config.ports().values()) {
      if (p.binding().isPresent()) {
        srvRow(top, ifIndexes.indexOf(p.port()), p.binding().get().srvId());
      }
      for (PortExtra e : p.extras()) {
        if (e instanceof PortExtra.Service x) {
          extraSrvRow(top, ifIndexes.indexOf(p.port()), x);
        }
      }
    }
    for (PortConfig p : config.ports().values()) {
      if (p.binding().isPresent()) {
        acRow(
            top,
            ifIndexes.indexOf(p.port()),
            p.binding().get().srvId(),
            Optional.of(p.binding().get().vsiName()));
      }
      for (PortExtra e : p.extras()) {
        if (e instanceof PortExtra.Service x && x.vsi().isPresent()) {
          acRow(top, ifIndexes.indexOf(p.port()), x.srvId(), x.vsi());
        }
      }
    }
    for (VsiConfig v : config.vsis().values()) {
      vxlanRow(top, v.vni(), Optional.of(v.name()));
    }
    for (AclConfig a : config.acls().values()) {
      groupRow(top, a.name(), true);
    }
    for (AclConfig a : config.acls().values()) {
      for (AclRule r : a.rules()) {
        ruleRow(top, a.name(), r);
      }
    }
    for (PortConfig p : config.ports().values()) {
      if (p.inboundAcl().isPresent()) {
        pfilterRow(top, ifIndexes.indexOf(p.port()), p.inboundAcl().get());
      }
      for (PortExtra e : p.extras()) {
        if (e instanceof PortExtra.PacketFilter f) {
          pfilterRow(top, ifIndexes.indexOf(p.port()), f);
        }
      }
    }
    return top;
  }

  /**
   * One edit step as an edit-config payload; throws IllegalArgumentException for QoS steps, which
   * have no trusted XML form.
   */
  public static Element render(EditStep step, IfIndexMap ifIndexes) {
    Element top = Dom.top(Namespaces.H3C_CONFIG);
    renderInto(top, step, ifIndexes);
    return top;
  }

  /**
   * A group of steps as one edit-config payload: every step's row in one {@code <top>}, in the
   * group's order, under the module and table they share.
   */
  public static Element render(EditGroup group, IfIndexMap ifIndexes) {
    Element top = Dom.top(Namespaces.H3C_CONFIG);
    for (EditStep step : group.steps()) {
      renderInto(top, step, ifIndexes);
    }
    return top;
  }

  private static void renderInto(Element top, EditStep step, IfIndexMap ifIndexes) {
    if (step instanceof EditStep.SetPortState s) {
      Dom.operation(
          interfaceRow(top, ifIndexes.indexOf(s.port()), s.adminUp(), s.description()), "merge");
    } else if (step instanceof EditStep.CreateVsi s) {
      Dom.operation(vsiRow(top, s.vsi()), "merge");
    } else if (step instanceof EditStep.DeleteVsi s) {
      Dom.operation(vsiRow(top, s.vsi()), "delete");
    } else if (step instanceof EditStep.MapVxlan s) {
      Dom.operation(vxlanRow(top, s.vni(), Optional.of(s.vsi())), "merge");
    } else if (step instanceof EditStep.UnmapVxlan s) {
      Dom.operation(vxlanRow(top, s.vni(), Optional.empty()), "remove");
    } else if (step instanceof EditStep.CreateService s) {
      Dom.operation(srvRow(top, ifIndexes.indexOf(s.port()), s.srvId()), "merge");
    } else if (step instanceof EditStep.RemoveService s) {
      Element row = rowIn(top, "L2VPN", "SRVs", "SRV");
      Dom.leaf(row, "IfIndex", Integer.toString(ifIndexes.indexOf(s.port())));
      Dom.leaf(row, "SrvID", Integer.toString(s.srvId()));
      Dom.operation(row, "remove");
    } else if (step instanceof EditStep.Attach s) {
      Dom.operation(
          acRow(top, ifIndexes.indexOf(s.port()), s.srvId(), Optional.of(s.vsi())), "merge");
    } else if (step instanceof EditStep.Detach s) {
      Dom.operation(acRow(top, ifIndexes.indexOf(s.port()), s.srvId(), Optional.empty()), "remove");
    } else if (step instanceof EditStep.CreateAcl s) {
      Dom.operation(groupRow(top, s.acl(), true), "merge");
    } else if (step instanceof EditStep.DeleteAcl s) {
      Dom.operation(groupRow(top, s.acl(), false), "delete");
    } else if (step instanceof EditStep.AddRule s) {
      Dom.operation(ruleRow(top, s.acl(), s.rule()), "merge");
    } else if (step instanceof EditStep.RemoveRule s) {
      Element row = rowIn(top, "ACL", "IPv4NamedAdvanceRules", "Rule");
      Dom.leaf(row, "GroupIndex", s.acl());
      Dom.leaf(row, "RuleID", Integer.toString(s.ruleId()));
      Dom.operation(row, "remove");
    } else if (step instanceof EditStep.ApplyFilter s) {
      Dom.operation(pfilterRow(top, ifIndexes.indexOf(s.port()), s.acl()), "merge");
    } else if (step instanceof EditStep.RemoveFilter s) {
      Dom.operation(pfilterRow(top, ifIndexes.indexOf(s.port()), s.acl()), "remove");
    } else if (step instanceof EditStep.RemoveExtraFilter s) {
      Dom.operation(pfilterRow(top, ifIndexes.indexOf(s.port()), s.filter()), "remove");
    } else {
      throw new IllegalArgumentException("no XML form for " + step.describe());
    }
  }

  /**
   * The get filter (data namespace) that resolves IfIndex by Name for each port (section 5 step 0).
   */
  public static Element ifIndexFilter(Iterable<PortName> ports) {
    Element top = Dom.top(Namespaces.H3C_DATA);
    Element table = Dom.child(Dom.child(top, "Ifmgr"), "Interfaces");
    for (PortName p : ports) {
      Element row = Dom.child(table, "Interface");
      Dom.child(row, "IfIndex");
      Dom.leaf(row, "Name", p.value());
    }
    return top;
  }

  /** A get-config filter that selects whole modules (config namespace), e.g. "L2VPN", "PFC". */
  public static Element moduleFilter(Iterable<String> modules) {
    Element top = Dom.top(Namespaces.H3C_CONFIG);
    for (String m : modules) {
      Dom.child(top, m);
    }
    return top;
  }

  /**
   * The read-back's get-config filter: the modules whole, except two parts the parsers never read
   * (comware-facts.md section 2.5, "Table only: all rows", "Index + columns: only those columns"):
   * of Ifmgr only each interface's IfIndex, AdminStatus and Description (not its names, layer, link
   * type or PVID), of WRED only the IfQueueWREDs table (not the drop-level thresholds, which the
   * XML path neither writes nor reads). They are a large part of a full leaf's reply, which the
   * switch renders and the controller parses on every transaction, audit and reconcile.
   */
  public static Element readBackFilter(Iterable<String> modules) {
    Element top = Dom.top(Namespaces.H3C_CONFIG);
    for (String m : modules) {
      Element module = Dom.child(top, m);
      if (m.equals("Ifmgr")) {
        Element row = Dom.child(Dom.child(module, "Interfaces"), "Interface");
        Dom.child(row, "IfIndex");
        Dom.child(row, "AdminStatus");
        Dom.child(row, "Description");
      } else if (m.equals("WRED")) {
        Dom.child(module, "IfQueueWREDs");
      }
    }
    return top;
  }

  private static Element rowIn(Element top, String module, String table, String row) {
    return Dom.child(Dom.childOnce(Dom.childOnce(top, module), table), row);
  }

  private static Element interfaceRow(
      Element top, int ifIndex, boolean adminUp, String description) {
    Element row = rowIn(top, "Ifmgr", "Interfaces", "Interface");
    Dom.leaf(row, "IfIndex", Integer.toString(ifIndex));
    Dom.leaf(row, "Description", description);
    Dom.leaf(row, "AdminStatus", adminUp ? ADMIN_UP : ADMIN_DOWN);
    return row;
  }

  private static Element vsiRow(Element top, String vsi) {
    Element row = rowIn(top, "L2VPN", "VSIs", "VSI");
    Dom.leaf(row, "VsiName", vsi);
    return row;
  }

  private static Element vxlanRow(Element top, Vni vni, Optional<String> vsi) {
    Element row = rowIn(top, "VXLAN", "VXLANs", "Vxlan");
    Dom.leaf(row, "VxlanID", Integer.toString(vni.value()));
    vsi.ifPresent(v -> Dom.leaf(row, "VsiName", v));
    return row;
  }

  private static Element srvRow(Element top, int ifIndex, int srvId) {
    Element row = rowIn(top, "L2VPN", "SRVs", "SRV");
    Dom.leaf(row, "IfIndex", Integer.toString(ifIndex));
    Dom.leaf(row, "SrvID", Integer.toString(srvId));
    Dom.leaf(row, "Encap", ENCAP_UNTAGGED);
    return row;
  }

  private static Element acRow(Element top, int ifIndex, int srvId, Optional<String> vsi) {
    Element row = rowIn(top, "L2VPN", "ACs", "AC");
    Dom.leaf(row, "IfIndex", Integer.toString(ifIndex));
    Dom.leaf(row, "SrvID", Integer.toString(srvId));
    if (vsi.isPresent()) {
      Dom.leaf(row, "VsiName", vsi.get());
      Dom.leaf(row, "AccessMode", ACCESS_ETHERNET);
    }
    return row;
  }

  private static Element groupRow(Element top, String acl, boolean withCategory) {
    Element row = rowIn(top, "ACL", "NamedGroups", "Group");
    Dom.leaf(row, "GroupType", GROUP_IPV4);
    Dom.leaf(row, "GroupIndex", acl);
    if (withCategory) {
      Dom.leaf(row, "GroupCategory", CATEGORY_ADVANCED);
    }
    return row;
  }

  private static Element ruleRow(Element top, String acl, AclRule r) {
    Element row = rowIn(top, "ACL", "IPv4NamedAdvanceRules", "Rule");
    Dom.leaf(row, "GroupIndex", acl);
    Dom.leaf(row, "RuleID", Integer.toString(r.id()));
    Dom.leaf(row, "Action", r.action() == AclAction.PERMIT ? ACTION_PERMIT : ACTION_DENY);
    Dom.leaf(row, "ProtocolType", PROTOCOL_ANY_IP);
    address(row, "Src", r.source());
    address(row, "Dst", r.destination());
    Dom.leaf(row, "Counting", Boolean.toString(r.counting()));
    if (!r.comment().isEmpty()) {
      Dom.leaf(row, "Comment", r.comment());
    }
    return row;
  }

  private static void address(Element row, String side, Optional<Ipv4Prefix> prefix) {
    Dom.leaf(row, side + "Any", Boolean.toString(prefix.isEmpty()));
    if (prefix.isPresent()) {
      Element group = Dom.child(row, side + "IPv4");
      Dom.leaf(group, side + "IPv4Addr", Wildcards.address(prefix.get()));
      Dom.leaf(group, side + "IPv4Wildcard", Wildcards.wildcard(prefix.get()));
    }
  }

  private static Element pfilterRow(Element top, int ifIndex, String acl) {
    return pfilterRow(top, ifIndex, DIRECTION_INBOUND, ACL_TYPE_IPV4, acl);
  }

  private static Element pfilterRow(Element top, int ifIndex, PortExtra.PacketFilter f) {
    return pfilterRow(
        top,
        ifIndex,
        f.direction() == PortExtra.PacketFilter.Direction.INBOUND
            ? DIRECTION_INBOUND
            : DIRECTION_OUTBOUND,
        ACL_TYPES.get(ACL_FAMILIES.indexOf(f.family())),
        f.acl());
  }

  private static Element pfilterRow(
      Element top, int ifIndex, String direction, String aclType, String acl) {
    Element row = rowIn(top, "ACL", "PfilterApply", "Pfilter");
    Dom.leaf(row, "AppObjType", OBJ_INTERFACE);
    Dom.leaf(row, "AppObjIndex", Integer.toString(ifIndex));
    Dom.leaf(row, "AppDirection", direction);
    Dom.leaf(row, "AppAclType", aclType);
    Dom.leaf(row, "AppAclGroup", acl);
    return row;
  }

  /** A service instance among a port's extras, with its match; none for an unreadable one. */
  private static void extraSrvRow(Element top, int ifIndex, PortExtra.Service x) {
    Element row = rowIn(top, "L2VPN", "SRVs", "SRV");
    Dom.leaf(row, "IfIndex", Integer.toString(ifIndex));
    Dom.leaf(row, "SrvID", Integer.toString(x.srvId()));
    for (String[] column : ComwareEncapsulation.xmlColumns(x.encapsulation())) {
      Dom.leaf(row, column[0], column[1]);
    }
  }

  /**
   * The family of a packet filter's {@code AppAclType}; null for a type the driver does not know.
   */
  static PortExtra.PacketFilter.Family aclFamily(String appAclType) {
    int i = ACL_TYPES.indexOf(appAclType);
    return i < 0 ? null : ACL_FAMILIES.get(i);
  }
}
