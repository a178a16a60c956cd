package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_GROUP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_RULE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFILTER;

import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The advanced IPv4 ACL view, and the system-view {@code acl} command that opens or deletes it. */
final class AclView {
  private final CliSession session;
  private final Tables tables;
  private final AclRule rule;

  AclView(CliSession session) {
    this.session = session;
    this.tables = session.tables();
    this.rule = new AclRule(tables);
  }

  /** {@code acl [ipv4] advanced name NAME}, {@code undo acl [ipv4] [advanced] name NAME}. */
  void enter(CliCommand c) throws CliError {
    int i = 1;
    if (i < c.size() && c.word(i).equals("ipv4")) {
      i++;
    }
    if (c.undo() && i < c.size() && c.word(i).equals("name")) {
      String name = c.arg(i + 1);
      c.expectEnd(i + 2);
      delete(name);
      return;
    }
    c.keyword(i, "advanced");
    c.keyword(i + 1, "name");
    String name = c.arg(i + 2);
    c.expectEnd(i + 3);
    if (c.undo()) {
      delete(name);
      return;
    }
    if (!tables.exists(ACL_GROUP, List.of("1", name))) {
      tables.put(
          ACL_GROUP,
          EditOperation.MERGE,
          Map.of("GroupType", "1", "GroupIndex", name, "GroupCategory", "2"));
    }
    session.enter(View.Kind.ACL, name, null, null, "-acl-ipv4-adv-" + name);
  }

  void run(CliCommand c, View v) throws CliError {
    switch (c.verb()) {
      case "rule" -> rule.run(c, v.object());
      case "description" -> {
        Map<String, String> key =
            new LinkedHashMap<>(Map.of("GroupType", "1", "GroupIndex", v.object()));
        if (c.undo()) {
          key.put("Description", "");
          tables.put(ACL_GROUP, EditOperation.REMOVE, key);
          return;
        }
        key.put("Description", c.rest(1));
        tables.put(ACL_GROUP, EditOperation.MERGE, key);
      }
      default -> throw c.unrecognizedAt(0);
    }
  }

  private void delete(String name) throws CliError {
    for (Row r : tables.datastore().rows(tables.table(PFILTER))) {
      if ("1".equals(r.get("AppAclType")) && name.equals(r.get("AppAclGroup"))) {
        throw CliError.message(
            "The ACL " + name + " is applied by a packet filter and can't be deleted.");
      }
    }
    tables.removeWhere(ACL_RULE, "GroupIndex", name);
    tables.remove(ACL_GROUP, List.of("1", name));
  }
}
