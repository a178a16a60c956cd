package io.tenantfabric.controller.event;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * How many streams are open, per token and in this instance; a stream above either limit is refused
 * (429 with {@code Retry-After}). A stream's place is freed when its writer has stopped, not when
 * it is dropped, so that a client that stalls streams cannot hold more threads than the limits
 * allow.
 */
@Component
class StreamLimits {

  static final Duration RETRY_AFTER = Duration.ofSeconds(5);

  private final int perToken;
  private final int perInstance;
  private final Map<UUID, Integer> byToken = new HashMap<>();
  private int open;

  StreamLimits(EventProperties properties) {
    this.perToken = properties.streamsPerToken();
    this.perInstance = properties.streamsPerInstance();
  }

  /** Takes a place for a stream of {@code token}, or refuses. */
  synchronized void acquire(UUID token) {
    if (open >= perInstance) {
      throw tooMany("This instance serves " + perInstance + " event streams already.");
    }
    int held = byToken.getOrDefault(token, 0);
    if (held >= perToken) {
      throw tooMany("This token holds " + perToken + " event streams already.");
    }
    byToken.put(token, held + 1);
    open++;
  }

  synchronized void release(UUID token) {
    byToken.computeIfPresent(token, (t, n) -> n > 1 ? n - 1 : null);
    open--;
  }

  synchronized int open() {
    return open;
  }

  private static Refusal tooMany(String detail) {
    return new Refusal(Refusal.Reason.TOO_MANY, "Too many event streams", detail)
        .with("retryAfterSeconds", RETRY_AFTER.toSeconds())
        .retryAfter(RETRY_AFTER);
  }
}
