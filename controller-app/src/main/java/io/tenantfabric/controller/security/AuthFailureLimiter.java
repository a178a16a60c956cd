package io.tenantfabric.controller.security;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * A token bucket per client address over refused authentications (401): {@code perMinute} of them
 * in a burst, refilled at {@code perMinute} a minute. An address with an empty bucket is answered
 * 429 instead of 401 until a token is back. Only refusals are counted, so a caller with a valid
 * token is never throttled. In memory and per instance; at most {@link #MAX_ADDRESSES} addresses
 * are remembered, the least recently seen forgotten first.
 */
final class AuthFailureLimiter {

  static final int MAX_ADDRESSES = 10_000;

  private final double capacity;
  private final double perNano;
  private final LongSupplier nanoTime;
  private final Map<String, Bucket> buckets =
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
          return size() > MAX_ADDRESSES;
        }
      };

  AuthFailureLimiter(int perMinute, LongSupplier nanoTime) {
    this.capacity = perMinute;
    this.perNano = perMinute / (double) Duration.ofMinutes(1).toNanos();
    this.nanoTime = nanoTime;
  }

  /**
   * Records one refusal for {@code address}: empty when it is within the budget (answer 401), else
   * the seconds until the next refusal is allowed (answer 429 with {@code Retry-After}).
   */
  synchronized OptionalLong refuse(String address) {
    long now = nanoTime.getAsLong();
    Bucket b = buckets.computeIfAbsent(address, a -> new Bucket(capacity, now));
    b.tokens = Math.min(capacity, b.tokens + (now - b.at) * perNano);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return OptionalLong.empty();
    }
    double nanosToOne = (1 - b.tokens) / perNano;
    return OptionalLong.of(Math.max(1, (long) Math.ceil(nanosToOne / 1e9)));
  }

  private static final class Bucket {
    double tokens;
    long at;

    Bucket(double tokens, long at) {
      this.tokens = tokens;
      this.at = at;
    }
  }
}
