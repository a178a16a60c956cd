package io.tenantfabric.controller.security;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * A token bucket per client key ({@link AddressKeys}) over refused authentications (401): {@code
 * perMinute} of them in a burst, refilled at {@code perMinute} a minute. A key with an empty bucket
 * is answered 429 instead of 401 until a token is back. Only refusals are counted, so a caller with
 * a valid token is not throttled while its key has that budget, or a second one of the same size,
 * its grace, which each 429 spends and which refills alike. Once both are spent, {@link #blocked}
 * says so and the caller answers 429 before looking a presented token up at all: a key causes at
 * most twice its budget of database lookups a minute, however fast it sends. In memory and per
 * instance; at most {@link #MAX_ADDRESSES} keys are remembered, the least recently seen forgotten
 * first.
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
    Bucket b = refilled(address);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return OptionalLong.empty();
    }
    b.grace = Math.max(0, b.grace - 1);
    return OptionalLong.of(secondsUntilOne(b.tokens));
  }

  /**
   * Whether {@code address} has spent its budget and its grace: then the seconds until a presented
   * token may be looked up again (answer 429 with {@code Retry-After} without a lookup), else
   * empty. Spends nothing.
   */
  synchronized OptionalLong blocked(String address) {
    Bucket b = buckets.get(address);
    if (b == null) {
      return OptionalLong.empty();
    }
    refill(b);
    if (b.tokens >= 1 || b.grace >= 1) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(secondsUntilOne(Math.max(b.tokens, b.grace)));
  }

  private Bucket refilled(String address) {
    long now = nanoTime.getAsLong();
    Bucket b = buckets.computeIfAbsent(address, a -> new Bucket(capacity, now));
    refill(b);
    return b;
  }

  private void refill(Bucket b) {
    long now = nanoTime.getAsLong();
    double added = (now - b.at) * perNano;
    b.tokens = Math.min(capacity, b.tokens + added);
    b.grace = Math.min(capacity, b.grace + added);
    b.at = now;
  }

  private long secondsUntilOne(double tokens) {
    double nanosToOne = (1 - tokens) / perNano;
    return Math.max(1, (long) Math.ceil(nanosToOne / 1e9));
  }

  private static final class Bucket {
    double tokens;
    double grace;
    long at;

    Bucket(double tokens, long at) {
      this.tokens = tokens;
      this.grace = tokens;
      this.at = at;
    }
  }
}
