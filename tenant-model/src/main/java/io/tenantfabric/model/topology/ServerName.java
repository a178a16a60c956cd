package io.tenantfabric.model.topology;

import java.util.regex.Pattern;

/** A GPU server name such as {@code gpu-node-001}: lowercase letters, digits, inner hyphens. */
public record ServerName(String value) implements Comparable<ServerName> {

  private static final Pattern VALID = Pattern.compile("^[a-z][a-z0-9-]{0,61}[a-z0-9]$");

  public ServerName {
    if (value == null || !VALID.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "server name '" + value + "' must match " + VALID.pattern());
    }
  }

  /** {@code gpu-node-NNN}, zero-padded to {@code width} digits. */
  public static ServerName numbered(int number, int width) {
    return new ServerName("gpu-node-" + SwitchName.pad(number, width));
  }

  @Override
  public int compareTo(ServerName other) {
    return value.compareTo(other.value);
  }

  @Override
  public String toString() {
    return value;
  }
}
