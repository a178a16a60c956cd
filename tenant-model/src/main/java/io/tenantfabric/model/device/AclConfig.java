package io.tenantfabric.model.device;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/** A named IPv4 advanced ACL; rules are kept sorted by id and ids are unique. */
public record AclConfig(String name, List<AclRule> rules) {
  /** Comware named ACLs: 1..63 characters, starting with a letter, never "all". */
  public static final int MAX_NAME_LENGTH = 63;

  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9._-]{0,62}");

  public AclConfig {
    requireAclName(name);
    Objects.requireNonNull(rules, "rules");
    List<AclRule> sorted = new ArrayList<>(rules);
    sorted.sort(Comparator.comparingInt(AclRule::id));
    for (int i = 1; i < sorted.size(); i++) {
      if (sorted.get(i).id() == sorted.get(i - 1).id()) {
        throw new InvalidDeviceConfigException(
            "acl " + name + " rule " + sorted.get(i).id(), "rule-id-unique", "rule id used twice");
      }
    }
    rules = List.copyOf(sorted);
  }

  static void requireAclName(String name) {
    if (name == null || !NAME.matcher(name).matches() || name.equalsIgnoreCase("all")) {
      throw new InvalidDeviceConfigException(
          "acl " + name,
          "acl-name",
          "ACL name must be 1.."
              + MAX_NAME_LENGTH
              + " characters of [A-Za-z0-9._-], start with a letter and not be \"all\"");
    }
  }
}
