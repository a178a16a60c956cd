package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EvidenceReadLimiterTest {

  final AtomicLong now = new AtomicLong();
  final EvidenceReadLimiter limiter = new EvidenceReadLimiter(3, now::get);
  final UUID token = UUID.randomUUID();

  @Test
  void aTokenReadsItsBudgetInABurstThenIsToldWhenToComeBack() {
    for (int i = 0; i < 3; i++) {
      assertThatCode(() -> limiter.admit(token)).doesNotThrowAnyException();
    }
    Refusal refused = catchThrowableOfType(Refusal.class, () -> limiter.admit(token));

    assertThat(refused.reason()).isEqualTo(Refusal.Reason.TOO_MANY);
    // three a minute: the next one is due in 20 s
    assertThat(refused.retryAfter()).contains(Duration.ofSeconds(20));
  }

  @Test
  void theBudgetRefillsOverTheMinute() {
    for (int i = 0; i < 3; i++) {
      limiter.admit(token);
    }
    now.addAndGet(Duration.ofSeconds(20).toNanos());

    assertThatCode(() -> limiter.admit(token)).doesNotThrowAnyException();
  }

  @Test
  void eachTokenHasItsOwnBudget() {
    for (int i = 0; i < 3; i++) {
      limiter.admit(token);
    }

    assertThatCode(() -> limiter.admit(UUID.randomUUID())).doesNotThrowAnyException();
  }
}
