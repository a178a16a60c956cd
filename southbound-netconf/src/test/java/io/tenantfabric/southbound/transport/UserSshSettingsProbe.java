package io.tenantfabric.southbound.transport;

import io.tenantfabric.southbound.protocol.NetconfException;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Run in a JVM of its own by {@link UserSshSettingsIT}: connects one switch through {@link
 * SshConnector}, as user {@code admin} with the password in {@code PROBE_PASSWORD}, to the host,
 * port and pinned key given as arguments, and prints {@code PROBE} and how the attempt ended.
 */
public final class UserSshSettingsProbe {

  private UserSshSettingsProbe() {}

  public static void main(String[] args) {
    SshTarget target =
        new SshTarget(
            "probe-switch",
            args[0],
            Integer.parseInt(args[1]),
            "admin",
            System.getenv("PROBE_PASSWORD"),
            args[2]);
    Duration step = Duration.ofSeconds(10);
    try (SshConnector connector = SshConnector.start(SshClientOptions.defaults())) {
      connector
          .open(
              target,
              HostKeyPolicy.pinnedByEndpoint(),
              new SshTimeouts(step, step, step, Duration.ZERO),
              new InboundListener() {
                @Override
                public boolean onBytes(ByteBuffer bytes) {
                  bytes.position(bytes.limit());
                  return true;
                }

                @Override
                public void onClosed(Throwable cause) {}
              })
          .cut();
      System.out.println("PROBE opened");
    } catch (NetconfException e) {
      System.out.println("PROBE " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }
}
