package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.Framing;
import io.tenantfabric.southbound.transport.SshClientOptions;
import java.util.Objects;

/**
 * Client-wide options: SSH settings, the maximum size of one received message, and whether the
 * client hello offers base:1.1 (chunked framing) besides base:1.0.
 */
public record ClientOptions(SshClientOptions ssh, long maxMessageSize, boolean offerBase11) {

  /**
   * The smallest accepted maxMessageSize: below this even a server hello with a handful of
   * capabilities would not fit, so a smaller value can only be a mistake (e.g. MiB read as bytes).
   */
  public static final long MIN_MAX_MESSAGE_SIZE = 4096;

  public ClientOptions {
    Objects.requireNonNull(ssh, "ssh");
    if (maxMessageSize < MIN_MAX_MESSAGE_SIZE
        || maxMessageSize > Framing.LARGEST_MAX_MESSAGE_SIZE) {
      throw new IllegalArgumentException(
          "ClientOptions.maxMessageSize must be "
              + MIN_MAX_MESSAGE_SIZE
              + ".."
              + Framing.LARGEST_MAX_MESSAGE_SIZE
              + " bytes, got "
              + maxMessageSize);
    }
  }

  /** TCP_NODELAY on, no key pairs, 16 MiB messages, base:1.0 and base:1.1 offered. */
  public static ClientOptions defaults() {
    return new ClientOptions(SshClientOptions.defaults(), Framing.DEFAULT_MAX_MESSAGE_SIZE, true);
  }

  public ClientOptions withSsh(SshClientOptions options) {
    return new ClientOptions(options, maxMessageSize, offerBase11);
  }

  public ClientOptions withMaxMessageSize(long bytes) {
    return new ClientOptions(ssh, bytes, offerBase11);
  }

  /** false: offer only base:1.0, so every session uses end-of-message framing. */
  public ClientOptions withOfferBase11(boolean offer) {
    return new ClientOptions(ssh, maxMessageSize, offer);
  }
}
