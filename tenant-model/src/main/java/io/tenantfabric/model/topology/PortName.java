package io.tenantfabric.model.topology;

import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A Comware front-panel port: {@code FourHundredGigE1/0/N} (N 1..999) or one of its 1:2 breakout
 * sub-ports {@code TwoHundredGigE1/0/N:1} and {@code :2}; the port budget of a switch is checked by
 * the fabric, not here.
 */
public record PortName(String value) implements Comparable<PortName> {

  private static final String FOUR_HUNDRED = "FourHundredGigE1/0/";
  private static final String TWO_HUNDRED = "TwoHundredGigE1/0/";
  private static final Pattern VALID =
      Pattern.compile(
          "^(FourHundredGigE1/0/([1-9][0-9]{0,2})|TwoHundredGigE1/0/([1-9][0-9]{0,2}):([12]))$");

  public PortName {
    if (value == null || !VALID.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "port name '" + value + "' must be FourHundredGigE1/0/N or TwoHundredGigE1/0/N:1 or :2");
    }
  }

  /** The whole 400G port N. */
  public static PortName fourHundred(int n) {
    return new PortName(FOUR_HUNDRED + n);
  }

  /** Sub-port {@code sub} (1 or 2) of 400G port N broken out 1:2 into 200G. */
  public static PortName twoHundred(int n, int sub) {
    return new PortName(TWO_HUNDRED + n + ":" + sub);
  }

  /** The front-panel port number N. */
  public int number() {
    // the pattern fixed the prefix: only the digits after it vary (ports are compared in every
    // sorted map of a switch's config, so this parses without searching or allocating)
    int n = 0;
    for (int i = value.charAt(0) == 'F' ? FOUR_HUNDRED.length() : TWO_HUNDRED.length();
        i < value.length() && value.charAt(i) != ':';
        i++) {
      n = n * 10 + (value.charAt(i) - '0');
    }
    return n;
  }

  /** The breakout sub-port (1 or 2), empty for a whole 400G port. */
  public OptionalInt subPort() {
    int colon = value.indexOf(':');
    return colon < 0 ? OptionalInt.empty() : OptionalInt.of(value.charAt(colon + 1) - '0');
  }

  /** Whether this is a 200G breakout sub-port. */
  public boolean isBreakout() {
    return value.charAt(0) == 'T'; // the pattern allows only the two prefixes
  }

  /** Line rate in Gbit/s. */
  public int speedGbps() {
    return isBreakout() ? 200 : 400;
  }

  /** Orders by port number, then the whole port before its sub-ports. */
  @Override
  public int compareTo(PortName other) {
    return Integer.compare(rank(), other.rank());
  }

  /**
   * Port number x 4 + sub-port (0 for a whole port): the order of {@link #compareTo}, which every
   * sorted map of a switch's config calls (5 % of the controller's CPU in {@code allocate-8}), so
   * one pass over the digits and no prefix compared.
   */
  private int rank() {
    return number() * 4 + (isBreakout() ? value.charAt(value.length() - 1) - '0' : 0);
  }

  @Override
  public String toString() {
    return value;
  }
}
