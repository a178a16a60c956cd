package io.tenantfabric.southbound.transport;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;

/**
 * How a switch's SSH host key is checked: pinned SHA-256 fingerprints (the endpoint's own or a
 * given set), an OpenSSH known_hosts file, or accept-any, which must be chosen explicitly.
 */
public sealed interface HostKeyPolicy
    permits HostKeyPolicy.PinnedByEndpoint,
        HostKeyPolicy.Pinned,
        HostKeyPolicy.KnownHosts,
        HostKeyPolicy.AcceptAny {

  /** Accept exactly the endpoint's hostKeySha256; refuse if the endpoint has none. */
  static HostKeyPolicy pinnedByEndpoint() {
    return new PinnedByEndpoint();
  }

  /** Accept exactly these {@code SHA256:<unpadded base64>} fingerprints, for any endpoint. */
  static HostKeyPolicy pinned(Set<String> fingerprints) {
    return new Pinned(fingerprints);
  }

  /** Accept keys listed for the host in an OpenSSH known_hosts file; unknown hosts are refused. */
  static HostKeyPolicy knownHosts(Path file) {
    return new KnownHosts(file);
  }

  /** Accept any key: for labs and tests only; every connection logs a warning. */
  static HostKeyPolicy acceptAnyInsecure() {
    return new AcceptAny();
  }

  /** See {@link #pinnedByEndpoint()}. */
  record PinnedByEndpoint() implements HostKeyPolicy {}

  /** See {@link #pinned(Set)}. */
  record Pinned(Set<String> fingerprints) implements HostKeyPolicy {
    public Pinned {
      fingerprints = Set.copyOf(fingerprints);
      if (fingerprints.isEmpty()) {
        throw new IllegalArgumentException("at least one pinned fingerprint is required");
      }
      for (String f : fingerprints) {
        HostKeyFingerprint.requireFormat(f);
      }
    }
  }

  /** See {@link #knownHosts(Path)}. */
  record KnownHosts(Path file) implements HostKeyPolicy {
    public KnownHosts {
      Objects.requireNonNull(file, "known_hosts file");
    }
  }

  /** See {@link #acceptAnyInsecure()}. */
  record AcceptAny() implements HostKeyPolicy {}
}
