package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.pool.Ipv4Prefix;

/** Comware ACLs carry inverted masks: 10.5.0.0/16 is address 10.5.0.0 wildcard 0.0.255.255. */
final class Wildcards {
  private Wildcards() {}

  static String address(Ipv4Prefix p) {
    return dotted(p.address());
  }

  static String wildcard(Ipv4Prefix p) {
    int mask = p.length() == 0 ? 0 : -1 << (32 - p.length());
    return dotted(~mask);
  }

  /** The prefix of an address and an inverted mask; the mask must be contiguous low bits. */
  static Ipv4Prefix prefix(String address, String wildcard) {
    int wild = parseDotted(wildcard);
    int hostBits = Integer.bitCount(wild);
    int expected = hostBits == 32 ? -1 : (1 << hostBits) - 1;
    if (wild != expected) {
      throw new IllegalArgumentException(
          "wildcard " + wildcard + " is not an inverted prefix mask");
    }
    return new Ipv4Prefix(parseDotted(address) & ~wild, 32 - hostBits);
  }

  static String dotted(int a) {
    return ((a >>> 24) & 0xff)
        + "."
        + ((a >>> 16) & 0xff)
        + "."
        + ((a >>> 8) & 0xff)
        + "."
        + (a & 0xff);
  }

  static int parseDotted(String s) {
    String[] parts = s.strip().split("\\.", -1);
    if (parts.length != 4) {
      throw new IllegalArgumentException("not a dotted IPv4 address: " + s);
    }
    int a = 0;
    for (String part : parts) {
      int octet = Integer.parseInt(part);
      if (octet < 0 || octet > 255 || part.isEmpty() || part.length() > 3) {
        throw new IllegalArgumentException("not a dotted IPv4 address: " + s);
      }
      a = (a << 8) | octet;
    }
    return a;
  }
}
