package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_GROUP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_RULE;

import io.tenantfabric.emulator.datastore.Row;

/**
 * The {@code acl advanced name} blocks of {@code display current-configuration}: each advanced IPv4
 * group with its description and its rules as the CLI shows them.
 */
final class AclBlocks {

  private AclBlocks() {}

  static void render(Tables tables, StringBuilder b) {
    for (Row g : tables.rows(ACL_GROUP)) {
      if (!"1".equals(g.get("GroupType"))) {
        continue;
      }
      String name = g.get("GroupIndex");
      b.append("acl advanced name ").append(name).append('\n');
      if (g.get("Description") != null) {
        b.append(" description ").append(g.get("Description")).append('\n');
      }
      for (Row r : tables.rows(ACL_RULE)) {
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
}
