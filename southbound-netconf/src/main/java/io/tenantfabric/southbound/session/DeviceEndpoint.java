package io.tenantfabric.southbound.session;

import java.util.Objects;

/**
 * Where and how to reach one switch: the inventory entry format of the emulator and the fabric API;
 * hostKeySha256 is {@code SHA256:<unpadded base64>} as OpenSSH prints it, or null if unknown.
 */
public record DeviceEndpoint(
    String name, String host, int port, String username, String password, String hostKeySha256) {

  public DeviceEndpoint {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("device name is required");
    }
    Objects.requireNonNull(host, "host of " + name);
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException(name + ": port must be 1..65535, got " + port);
    }
    if (username == null || username.isBlank()) {
      throw new IllegalArgumentException(name + ": username is required");
    }
  }

  /** Never prints the password. */
  @Override
  public String toString() {
    return "DeviceEndpoint[" + name + " " + username + "@" + host + ":" + port + "]";
  }
}
