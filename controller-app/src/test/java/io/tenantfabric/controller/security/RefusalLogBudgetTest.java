package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RefusalLogBudgetTest {

  private final AtomicLong nanos = new AtomicLong();
  private final RefusalLogBudget budget = new RefusalLogBudget(3, nanos::get);

  @Test
  void linesPastTheBudgetAreLeftOutAndTheNextLineWrittenCountsThem() {
    for (int i = 0; i < 3; i++) {
      assertThat(budget.take()).isZero();
    }
    for (int i = 0; i < 5; i++) {
      assertThat(budget.take()).isEqualTo(-1);
    }
    // 3 a minute: one back every 20 s
    nanos.addAndGet(Duration.ofSeconds(21).toNanos());
    assertThat(budget.take()).isEqualTo(5);
    assertThat(budget.take()).isEqualTo(-1);
    nanos.addAndGet(Duration.ofSeconds(20).toNanos());
    assertThat(budget.take()).isEqualTo(1);
  }
}
