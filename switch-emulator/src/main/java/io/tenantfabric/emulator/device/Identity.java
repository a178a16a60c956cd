package io.tenantfabric.emulator.device;

import java.security.KeyPair;

/**
 * What tells one unit from another: its SSH host key with the key's fingerprint ({@code
 * SHA256:...}), and its serial number. A wipe gives the switch a new one, as a new unit in the same
 * rack would have.
 */
public record Identity(KeyPair hostKey, String hostKeySha256, String serialNumber) {
  public Identity {
    if (hostKey == null || hostKeySha256 == null || serialNumber == null) {
      throw new IllegalArgumentException("a host key, its fingerprint and a serial are required");
    }
  }
}
