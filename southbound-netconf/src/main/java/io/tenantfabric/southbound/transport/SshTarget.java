package io.tenantfabric.southbound.transport;

import java.util.Objects;

/** One SSH peer: the switch name (for errors), address, credentials and its pinned fingerprint. */
public record SshTarget(
    String device, String host, int port, String username, String password, String hostKeySha256) {

  public SshTarget {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(username, "username");
  }

  /** user@host:port, for messages that already name the device. */
  public String address() {
    return username + "@" + host + ":" + port;
  }

  @Override
  public String toString() {
    return device + " " + address();
  }
}
