package io.tenantfabric.southbound.transport;

import java.time.Duration;
import java.util.Objects;

/** Explicit bounds on each SSH step, and the heartbeat interval (zero = no keepalive). */
public record SshTimeouts(Duration connect, Duration auth, Duration subsystem, Duration keepalive) {

  public SshTimeouts {
    Objects.requireNonNull(connect, "connect");
    Objects.requireNonNull(auth, "auth");
    Objects.requireNonNull(subsystem, "subsystem");
    Objects.requireNonNull(keepalive, "keepalive");
  }
}
