package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AuthFailureLimiterTest {

  private final AtomicLong nanos = new AtomicLong();
  private final AuthFailureLimiter limiter = new AuthFailureLimiter(6, nanos::get);

  @Test
  void aBurstUpToTheBudgetIsAllowedThenRetryAfterSaysWhenTheNextIs() {
    for (int i = 0; i < 6; i++) {
      assertThat(limiter.refuse("a")).isEmpty();
    }
    // 6 a minute: one every 10 s
    assertThat(limiter.refuse("a")).hasValue(10);
    nanos.addAndGet(Duration.ofSeconds(4).toNanos());
    assertThat(limiter.refuse("a")).hasValue(6);
    nanos.addAndGet(Duration.ofSeconds(6).toNanos());
    assertThat(limiter.refuse("a")).isEmpty();
  }

  @Test
  void addressesHaveSeparateBudgets() {
    for (int i = 0; i < 6; i++) {
      limiter.refuse("a");
    }
    assertThat(limiter.refuse("a")).isPresent();
    assertThat(limiter.refuse("b")).isEmpty();
  }

  @Test
  void pastItsBudgetAndItsGraceAnAddressIsBlockedBeforeAnyLookupUntilABucketRefills() {
    assertThat(limiter.blocked("a")).as("an address never refused").isEmpty();
    for (int i = 0; i < 6; i++) {
      assertThat(limiter.refuse("a")).isEmpty();
    }
    // the grace: 429s that are still looked up, so that a valid token from here is served
    for (int i = 0; i < 6; i++) {
      assertThat(limiter.blocked("a")).isEmpty();
      assertThat(limiter.refuse("a")).isPresent();
    }
    assertThat(limiter.blocked("a")).hasValue(10);
    assertThat(limiter.blocked("b")).isEmpty();
    nanos.addAndGet(Duration.ofSeconds(10).toNanos());
    assertThat(limiter.blocked("a")).isEmpty();
  }

  @Test
  void theBucketRefillsToItsCapacityOnly() {
    nanos.addAndGet(Duration.ofHours(1).toNanos());
    for (int i = 0; i < 6; i++) {
      assertThat(limiter.refuse("a")).isEmpty();
    }
    assertThat(limiter.refuse("a")).isPresent();
  }
}
