package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.AC;
import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_GROUP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_RULE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.EVPN;
import static io.tenantfabric.emulator.datastore.ComwareSchema.INTERFACES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.L2VPN_BASE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFC_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFILTER;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_GLOBAL;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.RAW_LINES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.SRV;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VSI;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VXLAN;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_DROP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_QUEUE;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.TableSpec;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code display current-configuration}: the datastore rendered as Comware CLI text. */
final class CurrentConfiguration {
  private static final String[] ENCAP = {"", "default", "untagged", "tagged", "s-vid", "s-vid"};

  private CurrentConfiguration() {}

  static String render(Datastore ds, String sysname) {
    StringBuilder b = new StringBuilder();
    b.append("#\n version 7.1.070, Release 6710\n#\n sysname ").append(sysname).append("\n#\n");
    Optional<Row> l2 = ds.row(t(ds, L2VPN_BASE), List.of());
    if (l2.isPresent() && "true".equals(l2.get().get("Enable"))) {
      b.append(" l2vpn enable\n#\n");
    }
    Optional<Row> qos = ds.row(t(ds, QOS_GLOBAL), List.of());
    if (qos.isPresent() && "true".equals(qos.get().get("TrustTunnelDot1p"))) {
      b.append(" qos trust tunnel-dot1p\n#\n");
    }
    boolean any = false;
    for (Row r : ds.rows(t(ds, RAW_LINES))) {
      if ("global".equals(r.get("Scope"))) {
        b.append(' ').append(r.get("Text")).append('\n');
        any = true;
      }
    }
    if (any) {
      b.append("#\n");
    }
    for (Row vsi : ds.rows(t(ds, VSI))) {
      String name = vsi.get("VsiName");
      b.append("vsi ").append(name).append('\n');
      if (vsi.get("Description") != null) {
        b.append(" description ").append(vsi.get("Description")).append('\n');
      }
      for (Row vx : ds.rows(t(ds, VXLAN))) {
        if (name.equals(vx.get("VsiName"))) {
          b.append(" vxlan ").append(vx.get("VxlanID")).append('\n');
        }
      }
      Optional<Row> evpn = ds.row(t(ds, EVPN), List.of(name));
      if (evpn.isPresent()) {
        b.append(" evpn encapsulation vxlan\n");
        if (evpn.get().get("RD") != null) {
          b.append("  route-distinguisher ").append(evpn.get().get("RD")).append('\n');
        }
        if (evpn.get().get("VpnTargets") != null) {
          for (String rt : evpn.get().get("VpnTargets").split(";")) {
            b.append("  vpn-target ").append(rt.replace(" both", "")).append('\n');
          }
        }
      }
      b.append("#\n");
    }
    for (Row i : ds.rows(t(ds, INTERFACES))) {
      interfaceBlock(ds, i, b);
    }
    for (Row g : ds.rows(t(ds, ACL_GROUP))) {
      if (!"1".equals(g.get("GroupType"))) {
        continue;
      }
      String name = g.get("GroupIndex");
      b.append("acl advanced name ").append(name).append('\n');
      if (g.get("Description") != null) {
        b.append(" description ").append(g.get("Description")).append('\n');
      }
      for (Row r : ds.rows(t(ds, ACL_RULE))) {
        if (name.equals(r.get("GroupIndex"))) {
          b.append(' ').append(ruleText(r)).append('\n');
          if (r.get("Comment") != null) {
            b.append(" rule ")
                .append(r.get("RuleID"))
                .append(" comment ")
                .append(r.get("Comment"))
                .append('\n');
          }
        }
      }
      b.append("#\n");
    }
    Set<String> tables = new LinkedHashSet<>();
    for (Row r : ds.rows(t(ds, RAW_LINES))) {
      if (r.get("Scope").startsWith("wred-table ")) {
        tables.add(r.get("Scope"));
      }
    }
    for (String scope : tables) {
      b.append("qos wred queue table ")
          .append(scope.substring("wred-table ".length()))
          .append('\n');
      for (Row r : ds.rows(t(ds, RAW_LINES))) {
        if (scope.equals(r.get("Scope"))) {
          b.append(' ').append(r.get("Text")).append('\n');
        }
      }
      b.append("#\n");
    }
    b.append("return\n");
    return b.toString();
  }

  private static void interfaceBlock(Datastore ds, Row i, StringBuilder b) {
    String ix = i.get("IfIndex");
    String name = i.get("Name");
    b.append("interface ").append(name).append('\n');
    b.append(" port link-mode ")
        .append("1".equals(i.get("PortLayer")) ? "bridge" : "route")
        .append('\n');
    if (i.get("Description") != null && !i.get("Description").isEmpty()) {
      b.append(" description ").append(i.get("Description")).append('\n');
    }
    if ("2".equals(i.get("AdminStatus"))) {
      b.append(" shutdown\n");
    }
    ds.row(t(ds, PFC_PORT), List.of(ix))
        .ifPresent(
            p -> {
              if ("1".equals(p.get("Enable"))) {
                b.append(" priority-flow-control enable\n");
              } else if ("3".equals(p.get("Enable"))) {
                b.append(" priority-flow-control auto\n");
              }
              if (p.get("NoDropDot1p") != null) {
                b.append(" priority-flow-control no-drop dot1p ")
                    .append(p.get("NoDropDot1p").replace(',', ' '))
                    .append('\n');
              }
              if ("true".equals(p.get("DeadlockEnable"))) {
                b.append(" priority-flow-control deadlock enable\n");
              }
            });
    ds.row(t(ds, QOS_PORT), List.of(ix))
        .ifPresent(
            q -> {
              if (q.get("Trust") != null) {
                b.append(" qos trust ").append(q.get("Trust")).append('\n');
              }
              if ("true".equals(q.get("TrustTunnelDot1p"))) {
                b.append(" qos trust tunnel-dot1p\n");
              }
            });
    for (Row d : ds.rows(t(ds, WRED_DROP))) {
      if (ix.equals(d.get("IfIndex"))) {
        b.append(" qos wred queue ")
            .append(d.get("QueueID"))
            .append(" drop-level ")
            .append(d.get("DropLevel"))
            .append(" low-limit ")
            .append(d.get("LowLimit"))
            .append(" high-limit ")
            .append(d.get("HighLimit"))
            .append(" discard-probability ")
            .append(d.get("DiscardProb"))
            .append('\n');
      }
    }
    for (Row q : ds.rows(t(ds, WRED_QUEUE))) {
      if (ix.equals(q.get("IfIndex"))) {
        if (q.get("WeightingConstant") != null) {
          b.append(" qos wred queue ")
              .append(q.get("QueueID"))
              .append(" weighting-constant ")
              .append(q.get("WeightingConstant"))
              .append('\n');
        }
        if ("true".equals(q.get("ECN"))) {
          b.append(" qos wred queue ").append(q.get("QueueID")).append(" ecn\n");
        }
      }
    }
    for (Row r : ds.rows(t(ds, RAW_LINES))) {
      if (name.equals(r.get("Scope"))) {
        b.append(' ').append(r.get("Text")).append('\n');
      }
    }
    for (Row p : ds.rows(t(ds, PFILTER))) {
      if ("1".equals(p.get("AppObjType")) && ix.equals(p.get("AppObjIndex"))) {
        b.append(" packet-filter name ")
            .append(p.get("AppAclGroup"))
            .append("1".equals(p.get("AppDirection")) ? " inbound" : " outbound")
            .append('\n');
      }
    }
    for (Row s : ds.rows(t(ds, SRV))) {
      if (!ix.equals(s.get("IfIndex"))) {
        continue;
      }
      b.append(" service-instance ").append(s.get("SrvID")).append('\n');
      String e = s.get("Encap");
      if (e != null) {
        int n = Integer.parseInt(e);
        String text = n < ENCAP.length ? ENCAP[n] : "s-vid";
        b.append("  encapsulation ").append(text);
        if (n == 4 || n == 5) {
          b.append(' ').append(s.get("SVlanRange"));
        }
        if (n == 5) {
          b.append(" only-tagged");
        }
        b.append('\n');
      }
      ds.row(t(ds, AC), List.of(ix, s.get("SrvID")))
          .ifPresent(
              ac -> {
                b.append("  xconnect vsi ").append(ac.get("VsiName"));
                if ("1".equals(ac.get("AccessMode"))) {
                  b.append(" access-mode vlan");
                }
                b.append('\n');
              });
    }
    b.append("#\n");
  }

  private static String ruleText(Row r) {
    StringBuilder b = new StringBuilder("rule ").append(r.get("RuleID"));
    b.append("1".equals(r.get("Action")) ? " deny" : " permit");
    String proto = r.get("ProtocolType");
    b.append(' ').append(proto == null || proto.equals("256") ? "ip" : proto);
    if ("false".equals(r.get("SrcAny")) && r.get("SrcIPv4/SrcIPv4Addr") != null) {
      b.append(" source ")
          .append(r.get("SrcIPv4/SrcIPv4Addr"))
          .append(' ')
          .append(wildcard(r.get("SrcIPv4/SrcIPv4Wildcard")));
    }
    if ("false".equals(r.get("DstAny")) && r.get("DstIPv4/DstIPv4Addr") != null) {
      b.append(" destination ")
          .append(r.get("DstIPv4/DstIPv4Addr"))
          .append(' ')
          .append(wildcard(r.get("DstIPv4/DstIPv4Wildcard")));
    }
    if ("true".equals(r.get("Fragment"))) {
      b.append(" fragment");
    }
    if ("true".equals(r.get("Logging"))) {
      b.append(" logging");
    }
    if ("true".equals(r.get("Counting"))) {
      b.append(" counting");
    }
    return b.toString();
  }

  private static String wildcard(String w) {
    return w == null || w.equals("0.0.0.0") ? "0" : w;
  }

  private static TableSpec t(Datastore ds, String id) {
    return ds.schema().table(id);
  }
}
