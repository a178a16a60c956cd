package io.tenantfabric.controller.isolation;

import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The live tenants of one audit, by id, and which of them a piece of its evidence names: a tenant
 * object ({@code t-<name>}, {@code t-<name>-in}), a VNI after {@code vxlan}, a port allocated to a
 * tenant (on the line's switch), or an address range that overlaps a tenant's prefix without
 * covering the whole tenant supernet (a permit-all or the supernet's deny names no one). Built from
 * the snapshot the verifier got, so a name is read as what it meant when the switches were read.
 */
final class TenantMentions {

  private static final Pattern WORDS = Pattern.compile("[\\s,;()\\[\\]]+");
  private static final Pattern TRAILING_COLONS = Pattern.compile(":+$");
  private static final Pattern DOTTED = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern CIDR = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}/\\d{1,2}");
  private static final Pattern DIGITS = Pattern.compile("\\d{1,8}");

  /** A live tenant's prefix as an address range. */
  private record Owned(long last, long tenant) {}

  private final Map<String, Long> byName;
  private final Map<Integer, Long> byVni;
  private final NavigableMap<Long, Owned> byFirstAddress = new TreeMap<>();
  private final Map<String, Map<String, Long>> portOwners;
  private final Ipv4Prefix supernet;

  /**
   * {@code names}, {@code vnis} and {@code prefixes}: the live tenants' identities by id; {@code
   * portOwners}: switch to port to the id of the tenant it is allocated to; {@code supernet}: the
   * fabric's tenant supernet (null when unknown).
   */
  TenantMentions(
      Map<String, Long> names,
      Map<Integer, Long> vnis,
      Map<Ipv4Prefix, Long> prefixes,
      Map<String, Map<String, Long>> portOwners,
      Ipv4Prefix supernet) {
    this.byName = Map.copyOf(names);
    this.byVni = Map.copyOf(vnis);
    prefixes.forEach(
        (p, id) -> byFirstAddress.put(p.firstAddress(), new Owned(p.lastAddress(), id)));
    Map<String, Map<String, Long>> ports = new HashMap<>();
    portOwners.forEach((sw, owners) -> ports.put(sw, Map.copyOf(owners)));
    this.portOwners = ports;
    this.supernet = supernet;
  }

  /** The live tenant of this name, or null. */
  Long named(String name) {
    return name == null ? null : byName.get(name);
  }

  /** The live tenant a VSI ({@code t-<name>}) is named for, or null. */
  Long vsi(String vsiName) {
    return vsiName != null && vsiName.startsWith("t-") ? byName.get(vsiName.substring(2)) : null;
  }

  /** The live tenant an ACL ({@code t-<name>-in}) is named for, or null. */
  Long acl(String aclName) {
    return aclName != null && aclName.startsWith("t-") && aclName.endsWith("-in")
        ? byName.get(aclName.substring(2, aclName.length() - 3))
        : null;
  }

  /** The live tenant whose VNI this is, or null. */
  Long vni(int vni) {
    return byVni.get(vni);
  }

  /** The tenant {@code port} on {@code sw} is allocated to, or null (free, or not a GPU port). */
  Long port(String sw, String port) {
    Map<String, Long> owners = sw == null ? null : portOwners.get(sw);
    return owners == null || port == null ? null : owners.get(port);
  }

  /** The tenants a rendered evidence line names; {@code sw}: the finding's switch (or null). */
  Set<Long> inLine(String line, String sw) {
    return scan(line, sw, false);
  }

  /** The tenants a finding's summary names: as a line, and bare names and {@code VNI n} too. */
  Set<Long> inSummary(String summary, String sw) {
    return scan(summary, sw, true);
  }

  private Set<Long> scan(String text, String sw, boolean prose) {
    Set<Long> named = new TreeSet<>();
    String[] words = WORDS.split(text.strip());
    String context = sw;
    if (words.length > 0 && words[0].endsWith(":")) {
      // a step of a segment across switches: "<switch>: ..." (a port's "<port>: ..." is no switch)
      String first = TRAILING_COLONS.matcher(words[0]).replaceFirst("");
      if (portOwners.containsKey(first)) {
        context = first;
      }
    }
    for (int i = 0; i < words.length; i++) {
      String w = TRAILING_COLONS.matcher(words[i]).replaceFirst("");
      // a word alone does not say whether t-a-in is tenant a's ACL or tenant a-in's VSI: both
      add(named, vsi(w));
      add(named, acl(w));
      add(named, port(context, w));
      if (prose) {
        add(named, byName.get(w.endsWith("'s") ? w.substring(0, w.length() - 2) : w));
      }
      boolean vniWord = w.equals("vxlan") || (prose && w.equals("VNI"));
      if (vniWord && i + 1 < words.length && DIGITS.matcher(words[i + 1]).matches()) {
        add(named, byVni.get(Integer.parseInt(words[i + 1])));
      }
      if (CIDR.matcher(w).matches()) {
        addRange(named, prefixRange(w));
      } else if (DOTTED.matcher(w).matches()) {
        String next = i + 1 < words.length ? words[i + 1] : "";
        long wildcard = next.equals("0") ? 0 : wildcard(next);
        if (wildcard >= 0) {
          i++; // the wildcard (or a host's "0") belongs to this address
        }
        addRange(named, range(w, Math.max(wildcard, 0)));
      }
    }
    return named;
  }

  /** The tenants whose prefixes overlap [first, last], unless it covers the whole supernet. */
  private void addRange(Set<Long> into, long[] range) {
    if (range == null) {
      return;
    }
    long first = range[0];
    long last = range[1];
    if (supernet != null && first <= supernet.firstAddress() && last >= supernet.lastAddress()) {
      return;
    }
    Map.Entry<Long, Owned> before = byFirstAddress.floorEntry(first);
    if (before != null && before.getValue().last() >= first) {
      into.add(before.getValue().tenant());
    }
    for (Owned o : byFirstAddress.subMap(first, false, last, true).values()) {
      into.add(o.tenant());
      if (into.size() > 2) {
        return; // a line naming two tenants is shown to neither: more changes nothing
      }
    }
  }

  private static long[] prefixRange(String cidr) {
    try {
      Ipv4Prefix p = Ipv4Prefix.parse(cidr);
      return new long[] {p.firstAddress(), p.lastAddress()};
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  // Comware's "address wildcard" ("10.0.1.0 0.0.0.255"), "address 0" for a host, or a bare address
  private static long[] range(String address, long wildcard) {
    try {
      long a = Integer.toUnsignedLong(Ipv4Prefix.parseAddress(address, address));
      return new long[] {a & ~wildcard & 0xFFFF_FFFFL, a | wildcard};
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** A contiguous wildcard mask ({@code 0.0.0.255}) as a value, else -1. */
  private static long wildcard(String word) {
    if (!DOTTED.matcher(word).matches()) {
      return -1;
    }
    try {
      long w = Integer.toUnsignedLong(Ipv4Prefix.parseAddress(word, word));
      return (w & (w + 1)) == 0 ? w : -1;
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }

  private static void add(Set<Long> into, Long id) {
    if (id != null) {
      into.add(id);
    }
  }
}
