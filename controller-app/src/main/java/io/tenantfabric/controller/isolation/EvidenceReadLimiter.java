package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * A budget per API token over tenant-evidence reads: {@code perMinute} of them in a burst, one more
 * every minute / {@code perMinute} (a token bucket, kept as the time it is full again). Each read
 * appends an {@code isolation.evidence} event under the audit chain's lock, which every audited
 * write takes, so one token must not be able to keep that lock busy. In memory and per instance; at
 * most {@link #MAX_TOKENS} tokens are remembered, the least recently seen forgotten first.
 */
final class EvidenceReadLimiter {

  static final int MAX_TOKENS = 10_000;

  private static final long SECOND = Duration.ofSeconds(1).toNanos();

  private final long interval;
  private final long burst;
  private final LongSupplier nanoTime;
  // per token, when its budget would be whole again if it read nothing more (nanoTime)
  private final Map<UUID, Long> due =
      new LinkedHashMap<>(256, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, Long> eldest) {
          return size() > MAX_TOKENS;
        }
      };

  EvidenceReadLimiter(int perMinute, LongSupplier nanoTime) {
    this.interval = Math.max(1, Duration.ofMinutes(1).toNanos() / perMinute);
    this.burst = interval * perMinute;
    this.nanoTime = nanoTime;
  }

  /**
   * Counts one read by {@code token}.
   *
   * @throws Refusal {@link Refusal.Reason#TOO_MANY} with the seconds until the next read is
   *     allowed, when the token has used up its reads
   */
  void admit(UUID token) {
    long wait = take(token);
    if (wait > 0) {
      long seconds = Math.max(1, (wait + SECOND - 1) / SECOND);
      throw new Refusal(
              Refusal.Reason.TOO_MANY,
              "Too many evidence reads",
              "This token read isolation evidence too often; each read is recorded in the audit"
                  + " trail. Try again after "
                  + seconds
                  + " s.")
          .retryAfter(Duration.ofSeconds(seconds));
    }
  }

  // 0 when within the budget (and counted), else the nanoseconds until a read is allowed again
  private synchronized long take(UUID token) {
    long now = nanoTime.getAsLong();
    Long last = due.get(token);
    long from = last == null || last - now < 0 ? now : last;
    long after = from + interval;
    if (after - now > burst) {
      return after - burst - now;
    }
    due.put(token, after);
    return 0;
  }
}
