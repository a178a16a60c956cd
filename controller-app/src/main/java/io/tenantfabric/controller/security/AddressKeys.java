package io.tenantfabric.controller.security;

import java.util.Locale;

/**
 * The key a client address is limited by: an IPv4 address itself; an IPv6 address by its /64, the
 * prefix one subscriber is given (RFC 6177), so that a client cannot earn a fresh budget from each
 * of its 2^64 addresses; an IPv4-mapped IPv6 address as the IPv4 address it maps. Parsed here, by
 * hand, so that no header value ever reaches a name lookup; anything that is not an address literal
 * is its own key.
 */
final class AddressKeys {

  private AddressKeys() {}

  static String of(String address) {
    if (address == null || address.indexOf(':') < 0) {
      return address;
    }
    String a = address;
    int zone = a.indexOf('%');
    if (zone >= 0) {
      a = a.substring(0, zone);
    }
    if (a.startsWith("[") && a.endsWith("]")) {
      a = a.substring(1, a.length() - 1);
    }
    int[] groups = groups(a);
    if (groups == null) {
      return address;
    }
    boolean mapped = true;
    for (int i = 0; i < 5; i++) {
      mapped &= groups[i] == 0;
    }
    if (mapped && groups[5] == 0xffff) {
      return (groups[6] >> 8)
          + "."
          + (groups[6] & 0xff)
          + "."
          + (groups[7] >> 8)
          + "."
          + (groups[7] & 0xff);
    }
    return String.format(
        Locale.ROOT, "%x:%x:%x:%x::/64", groups[0], groups[1], groups[2], groups[3]);
  }

  /** The eight 16-bit groups of an IPv6 literal, or null when it is not one. */
  private static int[] groups(String a) {
    int[] out = new int[8];
    int gap = a.indexOf("::");
    if (gap >= 0 && a.indexOf("::", gap + 1) >= 0) {
      return null;
    }
    String head = gap < 0 ? a : a.substring(0, gap);
    String tail = gap < 0 ? "" : a.substring(gap + 2);
    int[] left = parts(head);
    int[] right = parts(tail);
    if (left == null || right == null) {
      return null;
    }
    if (gap < 0 ? left.length != 8 : left.length + right.length > 7) {
      return null;
    }
    System.arraycopy(left, 0, out, 0, left.length);
    System.arraycopy(right, 0, out, 8 - right.length, right.length);
    return out;
  }

  /** Colon-separated groups, the last of which may be a dotted IPv4 address (two groups). */
  private static int[] parts(String s) {
    if (s.isEmpty()) {
      return new int[0];
    }
    String[] fields = s.split(":", -1);
    int last = fields.length - 1;
    boolean dotted = fields[last].indexOf('.') >= 0;
    int[] out = new int[fields.length + (dotted ? 1 : 0)];
    for (int i = 0; i < fields.length; i++) {
      if (i == last && dotted) {
        int[] v4 = ipv4(fields[i]);
        if (v4 == null) {
          return null;
        }
        out[i] = v4[0] << 8 | v4[1];
        out[i + 1] = v4[2] << 8 | v4[3];
      } else {
        if (!digits(fields[i], 4, "0123456789abcdefABCDEF")) {
          return null;
        }
        out[i] = Integer.parseInt(fields[i], 16);
      }
    }
    return out;
  }

  private static int[] ipv4(String s) {
    String[] octets = s.split("\\.", -1);
    if (octets.length != 4) {
      return null;
    }
    int[] out = new int[4];
    for (int i = 0; i < 4; i++) {
      if (!digits(octets[i], 3, "0123456789")) {
        return null;
      }
      out[i] = Integer.parseInt(octets[i]);
      if (out[i] > 255) {
        return null;
      }
    }
    return out;
  }

  // 1 to max characters, each one of allowed (no sign, no other script's digits)
  private static boolean digits(String s, int max, String allowed) {
    if (s.isEmpty() || s.length() > max) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (allowed.indexOf(s.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }
}
