package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BudgetTest {

  @Test
  void theTimeLeftShrinksAndOnceSpentTheCheckIsRefusedWithRetryAfter() throws Exception {
    Budget budget = Budget.of(Duration.ofMillis(50), Duration.ofMinutes(60));
    assertThat(budget.left()).isPositive().isLessThanOrEqualTo(Duration.ofMillis(50));
    Thread.sleep(60);
    assertThatThrownBy(budget::left)
        .isInstanceOfSatisfying(
            Refusal.class,
            r -> {
              assertThat(r.reason()).isEqualTo(Refusal.Reason.UNAVAILABLE);
              assertThat(r.retryAfter()).hasValue(Duration.ofMinutes(60));
            });
  }
}
