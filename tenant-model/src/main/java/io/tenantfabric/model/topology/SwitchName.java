package io.tenantfabric.model.topology;

/**
 * A switch name such as {@code spine-01}, {@code leaf-320} or {@code superspine-001}: lowercase
 * letters, digits and inner hyphens, 2..31 characters (a Comware sysname fits).
 */
public record SwitchName(String value) implements Comparable<SwitchName> {

  /** The rule every switch name satisfies, as text (the API document states it too). */
  public static final String REGEX = "^[a-z][a-z0-9-]{0,29}[a-z0-9]$";

  private static final int MAX_LENGTH = 31;

  public SwitchName {
    if (!Labels.isLabel(value, MAX_LENGTH)) {
      throw new IllegalArgumentException("switch name '" + value + "' must match " + REGEX);
    }
  }

  /** {@code prefix-NN}, zero-padded to {@code width} digits. */
  public static SwitchName numbered(String prefix, int number, int width) {
    return new SwitchName(prefix + "-" + pad(number, width));
  }

  static String pad(int number, int width) {
    String digits = Integer.toString(number);
    return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
  }

  @Override
  public int compareTo(SwitchName other) {
    return value.compareTo(other.value);
  }

  @Override
  public String toString() {
    return value;
  }
}
