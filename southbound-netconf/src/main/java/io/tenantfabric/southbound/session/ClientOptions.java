package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.Framing;
import io.tenantfabric.southbound.transport.SshClientOptions;
import java.util.Objects;

/**
 * Client-wide options: SSH settings, the maximum size of one received message, whether the client
 * hello offers base:1.1 (chunked framing) besides base:1.0, and the inbound parse resources shared
 * by all sessions (the byte budget of complete messages waiting to be parsed, the number of parse
 * threads), and after how many replies with unknown message-ids a session is closed.
 */
public record ClientOptions(
    SshClientOptions ssh,
    long maxMessageSize,
    boolean offerBase11,
    long parseBudget,
    int parseThreads,
    int unknownReplyLimit) {

  /**
   * The smallest accepted maxMessageSize: below this even a server hello with a handful of
   * capabilities would not fit, so a smaller value can only be a mistake (e.g. MiB read as bytes).
   */
  public static final long MIN_MAX_MESSAGE_SIZE = 4096;

  /** Default parse budget: 64 MiB, four maximum-size messages or hundreds of full-leaf replies. */
  public static final long DEFAULT_PARSE_BUDGET = 64L * 1024 * 1024;

  /** More parse threads than this would only add heap (one DOM each) on any controller host. */
  public static final int MAX_PARSE_THREADS = 64;

  /** Default unknown-reply limit: a switch that answers rpcs nobody sent 16 times is broken. */
  public static final int DEFAULT_UNKNOWN_REPLY_LIMIT = 16;

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
    if (parseBudget < maxMessageSize) {
      // a message larger than the whole budget could never be admitted
      throw new IllegalArgumentException(
          "ClientOptions.parseBudget must be at least maxMessageSize ("
              + maxMessageSize
              + " bytes), got "
              + parseBudget);
    }
    if (parseThreads < 1 || parseThreads > MAX_PARSE_THREADS) {
      throw new IllegalArgumentException(
          "ClientOptions.parseThreads must be 1.." + MAX_PARSE_THREADS + ", got " + parseThreads);
    }
    if (unknownReplyLimit < 1) {
      throw new IllegalArgumentException(
          "ClientOptions.unknownReplyLimit must be at least 1, got " + unknownReplyLimit);
    }
  }

  /**
   * TCP_NODELAY on, no key pairs, 16 MiB messages, base:1.0 and base:1.1 offered, a 64 MiB parse
   * budget, max(2, cores) parse threads, sessions closed at 16 unknown replies.
   */
  public static ClientOptions defaults() {
    return new ClientOptions(
        SshClientOptions.defaults(),
        Framing.DEFAULT_MAX_MESSAGE_SIZE,
        true,
        DEFAULT_PARSE_BUDGET,
        Math.min(MAX_PARSE_THREADS, Math.max(2, Runtime.getRuntime().availableProcessors())),
        DEFAULT_UNKNOWN_REPLY_LIMIT);
  }

  public ClientOptions withSsh(SshClientOptions options) {
    return new ClientOptions(
        options, maxMessageSize, offerBase11, parseBudget, parseThreads, unknownReplyLimit);
  }

  /** Also raises the parse budget to this size if it was smaller, so one message always fits. */
  public ClientOptions withMaxMessageSize(long bytes) {
    return new ClientOptions(
        ssh, bytes, offerBase11, Math.max(parseBudget, bytes), parseThreads, unknownReplyLimit);
  }

  /** false: offer only base:1.0, so every session uses end-of-message framing. */
  public ClientOptions withOfferBase11(boolean offer) {
    return new ClientOptions(
        ssh, maxMessageSize, offer, parseBudget, parseThreads, unknownReplyLimit);
  }

  /** Bytes of complete messages that may wait for a parse thread, summed over all sessions. */
  public ClientOptions withParseBudget(long bytes) {
    return new ClientOptions(
        ssh, maxMessageSize, offerBase11, bytes, parseThreads, unknownReplyLimit);
  }

  public ClientOptions withParseThreads(int threads) {
    return new ClientOptions(
        ssh, maxMessageSize, offerBase11, parseBudget, threads, unknownReplyLimit);
  }

  /** Replies with unknown message-ids (late replies excluded) after which a session is closed. */
  public ClientOptions withUnknownReplyLimit(int limit) {
    return new ClientOptions(ssh, maxMessageSize, offerBase11, parseBudget, parseThreads, limit);
  }
}
