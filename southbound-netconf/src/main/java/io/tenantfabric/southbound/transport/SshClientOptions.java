package io.tenantfabric.southbound.transport;

import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;

/**
 * Process-wide SSH client settings: TCP_NODELAY (on by default, Nagle costs tens of ms of p99 per
 * rpc) and the key pairs offered for public-key authentication.
 */
public record SshClientOptions(boolean tcpNoDelay, List<KeyPair> identities) {

  public SshClientOptions {
    identities = List.copyOf(identities);
  }

  public static SshClientOptions defaults() {
    return new SshClientOptions(true, List.of());
  }

  public SshClientOptions withTcpNoDelay(boolean on) {
    return new SshClientOptions(on, identities);
  }

  public SshClientOptions withIdentity(KeyPair keyPair) {
    List<KeyPair> all = new ArrayList<>(identities);
    all.add(keyPair);
    return new SshClientOptions(tcpNoDelay, all);
  }
}
