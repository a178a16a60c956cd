package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_RULE;

import io.tenantfabric.emulator.datastore.EditOperation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The ACL view's {@code rule [ID] permit|deny PROTO ...} and {@code rule ID comment TEXT}. */
final class AclRule {
  private static final String NO_ID = "65535";
  private final Tables tables;

  AclRule(Tables tables) {
    this.tables = tables;
  }

  void run(CliCommand c, String group) throws CliError {
    int i = 1;
    String id = NO_ID;
    if (i < c.size() && c.word(i).matches("\\d+")) {
      id = c.number(i, 0, 65534);
      i++;
    }
    if (i < c.size() && c.word(i).equals("comment")) {
      comment(c, group, id, i);
      return;
    }
    if (c.undo()) {
      c.expectEnd(i);
      if (id.equals(NO_ID)) {
        throw c.incomplete();
      }
      tables.remove(ACL_RULE, List.of(group, id));
      return;
    }
    String action = c.arg(i);
    if (!action.equals("permit") && !action.equals("deny")) {
      throw c.wrongAt(i);
    }
    Map<String, String> m = new LinkedHashMap<>();
    m.put("GroupIndex", group);
    m.put("RuleID", id);
    m.put("Action", action.equals("deny") ? "1" : "2");
    i++;
    String proto = c.arg(i);
    if (proto.equals("ip")) {
      m.put("ProtocolType", "256");
    } else if (proto.matches("\\d+")) {
      m.put("ProtocolType", c.number(i, 0, 255));
    } else if (proto.equals("tcp") || proto.equals("udp") || proto.equals("icmp")) {
      m.put("ProtocolType", proto.equals("tcp") ? "6" : proto.equals("udp") ? "17" : "1");
    } else {
      throw c.wrongAt(i);
    }
    i++;
    m.put("SrcAny", "true");
    m.put("DstAny", "true");
    while (i < c.size()) {
      String k = c.word(i);
      switch (k) {
        case "source", "destination" -> {
          String pre = k.equals("source") ? "Src" : "Dst";
          String addr = c.arg(i + 1);
          if (addr.equals("any")) {
            i += 2;
            continue;
          }
          String wc = c.arg(i + 2);
          if (wc.equals("0")) {
            wc = "0.0.0.0";
          }
          m.put(pre + "Any", "false");
          m.put(pre + "IPv4/" + pre + "IPv4Addr", ipv4(c, addr, i + 1));
          m.put(pre + "IPv4/" + pre + "IPv4Wildcard", ipv4(c, wc, i + 2));
          i += 3;
        }
        case "counting" -> {
          m.put("Counting", "true");
          i++;
        }
        case "logging" -> {
          m.put("Logging", "true");
          i++;
        }
        case "fragment" -> {
          m.put("Fragment", "true");
          i++;
        }
        default -> throw c.unrecognizedAt(i);
      }
    }
    // A rule command replaces the rule's match and action; its comment stays.
    tables
        .row(ACL_RULE, List.of(group, id))
        .map(r -> r.get("Comment"))
        .ifPresent(comment -> m.put("Comment", comment));
    tables.put(ACL_RULE, EditOperation.REPLACE, m);
  }

  private void comment(CliCommand c, String group, String id, int i) throws CliError {
    if (id.equals(NO_ID)) {
      throw c.incomplete();
    }
    if (!tables.exists(ACL_RULE, List.of(group, id))) {
      throw CliError.message("The rule doesn't exist.");
    }
    if (c.undo()) {
      c.expectEnd(i + 1);
      tables.put(
          ACL_RULE, EditOperation.REMOVE, Map.of("GroupIndex", group, "RuleID", id, "Comment", ""));
      return;
    }
    tables.put(
        ACL_RULE,
        EditOperation.MERGE,
        Map.of("GroupIndex", group, "RuleID", id, "Comment", c.rest(i + 1)));
  }

  private static String ipv4(CliCommand c, String s, int word) throws CliError {
    if (!s.matches("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})")) {
      throw c.wrongAt(word);
    }
    for (String p : s.split("\\.")) {
      if (Integer.parseInt(p) > 255) {
        throw c.wrongAt(word);
      }
    }
    return s;
  }
}
