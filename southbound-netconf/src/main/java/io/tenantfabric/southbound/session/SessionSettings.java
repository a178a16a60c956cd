package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.transport.HostKeyPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * Timeouts of every remote step and the host-key policy; keepalive is the SSH heartbeat interval
 * (zero turns it off).
 */
public record SessionSettings(
    Duration connectTimeout,
    Duration authTimeout,
    Duration subsystemTimeout,
    Duration rpcTimeout,
    Duration keepalive,
    HostKeyPolicy hostKeys) {

  public SessionSettings {
    positive(connectTimeout, "connectTimeout");
    positive(authTimeout, "authTimeout");
    positive(subsystemTimeout, "subsystemTimeout");
    positive(rpcTimeout, "rpcTimeout");
    Objects.requireNonNull(keepalive, "keepalive");
    if (keepalive.isNegative()) {
      throw new IllegalArgumentException("keepalive must not be negative");
    }
    Objects.requireNonNull(hostKeys, "hostKeys");
  }

  /** 5 s connect/auth/subsystem, 30 s per rpc, 30 s keepalive, host key pinned by the endpoint. */
  public static SessionSettings defaults() {
    return new SessionSettings(
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Duration.ofSeconds(30),
        Duration.ofSeconds(30),
        HostKeyPolicy.pinnedByEndpoint());
  }

  public SessionSettings withRpcTimeout(Duration timeout) {
    return new SessionSettings(
        connectTimeout, authTimeout, subsystemTimeout, timeout, keepalive, hostKeys);
  }

  public SessionSettings withHostKeys(HostKeyPolicy policy) {
    return new SessionSettings(
        connectTimeout, authTimeout, subsystemTimeout, rpcTimeout, keepalive, policy);
  }

  public SessionSettings withKeepalive(Duration interval) {
    return new SessionSettings(
        connectTimeout, authTimeout, subsystemTimeout, rpcTimeout, interval, hostKeys);
  }

  public SessionSettings withTimeouts(Duration connect, Duration auth, Duration subsystem) {
    return new SessionSettings(connect, auth, subsystem, rpcTimeout, keepalive, hostKeys);
  }

  private static void positive(Duration d, String name) {
    Objects.requireNonNull(d, name);
    if (d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException(name + " must be positive, got " + d);
    }
  }
}
