package io.tenantfabric.model.pool;

/**
 * An IPv4 prefix with no host bits set, e.g. {@code 10.4.0.0/24}; the address is the network
 * address as an unsigned 32-bit value held in an int.
 */
public record Ipv4Prefix(int address, int length) implements Comparable<Ipv4Prefix> {

  public Ipv4Prefix {
    if (length < 0 || length > 32) {
      throw new IllegalArgumentException("prefix length " + length + " is outside 0..32");
    }
    if ((address & ~mask(length)) != 0) {
      throw new IllegalArgumentException(
          "prefix " + dotted(address) + "/" + length + " has host bits set");
    }
  }

  /** Parses {@code a.b.c.d/len}; rejects host bits, leading zeros and anything else. */
  public static Ipv4Prefix parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("prefix is required");
    }
    int slash = text.indexOf('/');
    if (slash < 0) {
      throw new IllegalArgumentException("prefix '" + text + "' has no /length");
    }
    int address = parseAddress(text.substring(0, slash), text);
    int length = parseNumber(text.substring(slash + 1), 32, text);
    return new Ipv4Prefix(address, length);
  }

  /** Parses a dotted-quad address into its unsigned 32-bit value. */
  public static int parseAddress(String dotted, String context) {
    String[] parts = dotted.split("\\.", -1);
    if (parts.length != 4) {
      throw new IllegalArgumentException("'" + context + "' is not a dotted-quad IPv4 address");
    }
    int value = 0;
    for (String part : parts) {
      value = (value << 8) | parseNumber(part, 255, context);
    }
    return value;
  }

  private static int parseNumber(String digits, int max, String context) {
    if (digits.isEmpty()
        || digits.length() > 3
        || (digits.length() > 1 && digits.charAt(0) == '0')
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("'" + context + "' is not a valid IPv4 prefix");
    }
    int n = Integer.parseInt(digits);
    if (n > max) {
      throw new IllegalArgumentException("'" + context + "' is not a valid IPv4 prefix");
    }
    return n;
  }

  /** The netmask of a prefix length as a 32-bit value. */
  public static int mask(int length) {
    return length == 0 ? 0 : -1 << (32 - length);
  }

  /** Formats an unsigned 32-bit address as a dotted quad. */
  public static String dotted(int address) {
    return (address >>> 24)
        + "."
        + ((address >>> 16) & 0xFF)
        + "."
        + ((address >>> 8) & 0xFF)
        + "."
        + (address & 0xFF);
  }

  /** Number of addresses in the prefix (2^(32-length)). */
  public long size() {
    return 1L << (32 - length);
  }

  /** First address as an unsigned value. */
  public long firstAddress() {
    return Integer.toUnsignedLong(address);
  }

  /** Last address as an unsigned value. */
  public long lastAddress() {
    return firstAddress() + size() - 1;
  }

  /** Whether the other prefix lies wholly inside this one. */
  public boolean contains(Ipv4Prefix other) {
    return other.length >= length && (other.address & mask(length)) == address;
  }

  /** Whether the address (unsigned 32-bit value in an int) lies inside this prefix. */
  public boolean contains(int otherAddress) {
    return (otherAddress & mask(length)) == address;
  }

  /** Whether the two prefixes share at least one address. */
  public boolean overlaps(Ipv4Prefix other) {
    return contains(other) || other.contains(this);
  }

  /** The netmask in dotted form, e.g. {@code 255.255.255.0}. */
  public String netmask() {
    return dotted(mask(length));
  }

  /** The Comware ACL wildcard (inverse) mask in dotted form, e.g. {@code 0.0.0.255}. */
  public String wildcard() {
    return dotted(~mask(length));
  }

  /** The network address in dotted form. */
  public String networkAddress() {
    return dotted(address);
  }

  @Override
  public int compareTo(Ipv4Prefix other) {
    int byAddress = Integer.compareUnsigned(address, other.address);
    return byAddress != 0 ? byAddress : Integer.compare(length, other.length);
  }

  @Override
  public String toString() {
    return dotted(address) + "/" + length;
  }
}
