package io.tenantfabric.model.topology;

/** A GPU server name such as {@code gpu-node-001}: lowercase letters, digits, inner hyphens. */
public record ServerName(String value) implements Comparable<ServerName> {

  /** A server name without anchors, to build other patterns with (a GPU id's). */
  public static final String LABEL = "[a-z][a-z0-9-]{0,61}[a-z0-9]";

  /** The rule every server name satisfies, as text (the API document states it too). */
  public static final String REGEX = "^" + LABEL + "$";

  private static final int MAX_LENGTH = 63;

  public ServerName {
    if (!Labels.isLabel(value, MAX_LENGTH)) {
      throw new IllegalArgumentException("server name '" + value + "' must match " + REGEX);
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
