package io.tenantfabric.model.topology;

import java.util.OptionalInt;

/**
 * A Comware front-panel port: {@code FourHundredGigE1/0/N} (N 1..999) or one of its 1:2 breakout
 * sub-ports {@code TwoHundredGigE1/0/N:1} and {@code :2}; the port budget of a switch is checked by
 * the fabric, not here. A value equal by its name, as a record would be; a class so that it keeps
 * its place in the port order, parsed once, beside the name
 * (docs/perf/printing-rpcs-and-comparing-ports.md).
 */
public final class PortName implements Comparable<PortName> {

  private static final String FOUR_HUNDRED = "FourHundredGigE1/0/";
  private static final String TWO_HUNDRED = "TwoHundredGigE1/0/";

  private final String value;

  /**
   * Port number x 4 + sub-port (0 for a whole port): the order of {@link #compareTo}, which every
   * sorted map of a switch's config calls, so it is parsed once rather than at every comparison.
   */
  private final int rank;

  public PortName(String value) {
    int parsed = rankOf(value);
    if (parsed < 0) {
      throw new IllegalArgumentException(
          "port name '" + value + "' must be FourHundredGigE1/0/N or TwoHundredGigE1/0/N:1 or :2");
    }
    this.value = value;
    this.rank = parsed;
  }

  /** The whole 400G port N. */
  public static PortName fourHundred(int n) {
    return new PortName(FOUR_HUNDRED + n);
  }

  /** Sub-port {@code sub} (1 or 2) of 400G port N broken out 1:2 into 200G. */
  public static PortName twoHundred(int n, int sub) {
    return new PortName(TWO_HUNDRED + n + ":" + sub);
  }

  /** The name, as the switch spells it. */
  public String value() {
    return value;
  }

  /** The front-panel port number N. */
  public int number() {
    return rank >> 2;
  }

  /** The breakout sub-port (1 or 2), empty for a whole 400G port. */
  public OptionalInt subPort() {
    int sub = rank & 3;
    return sub == 0 ? OptionalInt.empty() : OptionalInt.of(sub);
  }

  /** Whether this is a 200G breakout sub-port. */
  public boolean isBreakout() {
    return (rank & 3) != 0;
  }

  /** Line rate in Gbit/s. */
  public int speedGbps() {
    return isBreakout() ? 200 : 400;
  }

  /** Orders by port number, then the whole port before its sub-ports. */
  @Override
  public int compareTo(PortName other) {
    return Integer.compare(rank, other.rank);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PortName p && value.equals(p.value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  @Override
  public String toString() {
    return value;
  }

  /**
   * The rank of a valid name, or -1: {@code FourHundredGigE1/0/N} or {@code TwoHundredGigE1/0/N:S},
   * N 1..999 without a leading zero, S 1 or 2, nothing before or after. Read in one pass rather
   * than by a regular expression, since every port of every config read back from a switch is built
   * here (docs/perf/per-process-per-thread-per-allocation.md). PortNamePropertiesTest holds it to
   * that expression.
   */
  private static int rankOf(String value) {
    if (value == null) {
      return -1;
    }
    boolean breakout = value.startsWith(TWO_HUNDRED);
    if (!breakout && !value.startsWith(FOUR_HUNDRED)) {
      return -1;
    }
    int start = breakout ? TWO_HUNDRED.length() : FOUR_HUNDRED.length();
    int i = start;
    int n = 0;
    for (; i < value.length() && i - start < 3; i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        break;
      }
      n = n * 10 + (c - '0');
    }
    if (i == start || value.charAt(start) == '0') {
      return -1;
    }
    if (!breakout) {
      return i == value.length() ? n * 4 : -1;
    }
    if (value.length() != i + 2 || value.charAt(i) != ':') {
      return -1;
    }
    char sub = value.charAt(i + 1);
    return sub == '1' || sub == '2' ? n * 4 + (sub - '0') : -1;
  }
}
