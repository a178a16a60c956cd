package io.tenantfabric.model.topology;

import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A Comware front-panel port: {@code FourHundredGigE1/0/N} (N 1..999) or one of its 1:2 breakout
 * sub-ports {@code TwoHundredGigE1/0/N:1} and {@code :2}; the port budget of a switch is checked by
 * the fabric, not here.
 */
public record PortName(String value) implements Comparable<PortName> {

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
    return new PortName("FourHundredGigE1/0/" + n);
  }

  /** Sub-port {@code sub} (1 or 2) of 400G port N broken out 1:2 into 200G. */
  public static PortName twoHundred(int n, int sub) {
    return new PortName("TwoHundredGigE1/0/" + n + ":" + sub);
  }

  /** The front-panel port number N. */
  public int number() {
    int slash = value.lastIndexOf('/');
    int colon = value.indexOf(':', slash);
    return Integer.parseInt(value, slash + 1, colon < 0 ? value.length() : colon, 10);
  }

  /** The breakout sub-port (1 or 2), empty for a whole 400G port. */
  public OptionalInt subPort() {
    int colon = value.indexOf(':');
    return colon < 0 ? OptionalInt.empty() : OptionalInt.of(value.charAt(colon + 1) - '0');
  }

  /** Whether this is a 200G breakout sub-port. */
  public boolean isBreakout() {
    return value.startsWith("TwoHundredGigE");
  }

  /** Line rate in Gbit/s. */
  public int speedGbps() {
    return isBreakout() ? 200 : 400;
  }

  /** Orders by port number, then the whole port before its sub-ports. */
  @Override
  public int compareTo(PortName other) {
    int byNumber = Integer.compare(number(), other.number());
    if (byNumber != 0) {
      return byNumber;
    }
    return Integer.compare(subPort().orElse(0), other.subPort().orElse(0));
  }

  @Override
  public String toString() {
    return value;
  }
}
