package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Unknown replies are counted per session, warned about sparingly, and close it at the limit. */
class UnknownRepliesTest {

  private final AtomicLong now = new AtomicLong(5_000_000_000L);

  private UnknownReplies counter(int limit) {
    return new UnknownReplies(limit, Duration.ofSeconds(60), now::get);
  }

  @Test
  void closesAtTheLimitAndNotBefore() {
    UnknownReplies u = counter(16);
    for (int i = 1; i < 16; i++) {
      UnknownReplies.Verdict v = u.record();
      assertThat(v.count()).isEqualTo(i);
      assertThat(v.close()).as("reply %d", i).isFalse();
    }
    UnknownReplies.Verdict last = u.record();
    assertThat(last.count()).isEqualTo(16);
    assertThat(last.close()).isTrue();
  }

  @Test
  void warnsForTheFirstThenAtMostOncePerInterval() {
    UnknownReplies u = counter(1000);
    assertThat(u.record().warn()).isTrue();
    for (int i = 0; i < 9; i++) {
      now.addAndGet(Duration.ofSeconds(5).toNanos()); // 45 s in all: still inside the interval
      assertThat(u.record().warn()).isFalse();
    }
    now.addAndGet(Duration.ofSeconds(15).toNanos()); // 60 s after the first warning
    UnknownReplies.Verdict again = u.record();
    assertThat(again.warn()).isTrue();
    assertThat(again.skipped()).as("the nine in between").isEqualTo(9);
    assertThat(again.count()).isEqualTo(11);
    assertThat(u.record().warn()).isFalse();
  }

  @Test
  void eachSessionCountsOnItsOwn() {
    UnknownReplies a = counter(2);
    UnknownReplies b = counter(2);
    a.record();
    assertThat(b.record().close()).isFalse();
    assertThat(b.record().warn()).as("b warned already, a's warning does not count").isFalse();
    assertThat(a.record().close()).isTrue();
  }

  @Test
  void aLimitBelowOneIsRefused() {
    assertThatThrownBy(() -> counter(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
