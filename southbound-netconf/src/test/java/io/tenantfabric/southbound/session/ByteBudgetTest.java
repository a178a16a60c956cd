package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parse budget: bytes are taken and given back exactly, and waiting requests go in order. */
class ByteBudgetTest {

  private final List<String> granted = new ArrayList<>();

  private Runnable grant(String name) {
    return () -> granted.add(name);
  }

  @Test
  void takesBytesAtOnceWhileTheyLastAndGivesThemBack() {
    ByteBudget b = new ByteBudget(100);
    assertThat(b.acquire(60, grant("a"))).isTrue();
    assertThat(b.acquire(40, grant("b"))).isTrue();
    assertThat(b.available()).isZero();
    b.release(60);
    b.release(40);
    assertThat(b.available()).isEqualTo(100);
    assertThat(granted).as("granted at once, no callbacks").isEmpty();
  }

  @Test
  void aRequestThatDoesNotFitWaitsAndIsGrantedWhenEnoughIsReleased() {
    ByteBudget b = new ByteBudget(100);
    b.acquire(80, grant("first"));
    assertThat(b.acquire(50, grant("second"))).isFalse();
    assertThat(b.waiting()).isEqualTo(1);
    b.release(20); // 40 free: still short
    assertThat(granted).isEmpty();
    b.release(60); // 100 free: the waiter takes its 50
    assertThat(granted).containsExactly("second");
    assertThat(b.available()).isEqualTo(50);
    assertThat(b.waiting()).isZero();
  }

  @Test
  void smallRequestsDoNotOvertakeAWaitingLargeOne() {
    ByteBudget b = new ByteBudget(100);
    b.acquire(90, grant("held"));
    assertThat(b.acquire(60, grant("large"))).isFalse();
    assertThat(b.acquire(5, grant("small"))).as("5 would fit, but large asked first").isFalse();
    b.release(90);
    assertThat(granted).containsExactly("large", "small");
    assertThat(b.available()).isEqualTo(35);
  }

  @Test
  void oneReleaseGrantsEveryWaiterThatNowFitsInOrder() {
    ByteBudget b = new ByteBudget(100);
    b.acquire(100, grant("all"));
    b.acquire(30, grant("a"));
    b.acquire(30, grant("b"));
    b.acquire(50, grant("c"));
    b.release(100);
    assertThat(granted).containsExactly("a", "b");
    assertThat(b.waiting()).isEqualTo(1);
    b.release(30);
    assertThat(granted).containsExactly("a", "b", "c");
    assertThat(b.available()).isEqualTo(100 - 30 - 50);
  }

  @Test
  void aCancelledRequestIsNeverGranted() {
    ByteBudget b = new ByteBudget(10);
    b.acquire(10, grant("held"));
    Runnable gone = grant("gone");
    b.acquire(5, gone);
    assertThat(b.cancel(gone)).isTrue();
    assertThat(b.cancel(gone)).as("only once").isFalse();
    b.release(10);
    assertThat(granted).isEmpty();
    assertThat(b.available()).isEqualTo(10);
  }

  @Test
  void aGrantCallbackMayGiveTheBytesStraightBack() {
    // what the pipeline does when its session closed while the message waited
    ByteBudget b = new ByteBudget(10);
    b.acquire(10, grant("held"));
    b.acquire(6, () -> b.release(6));
    b.acquire(4, grant("after"));
    b.release(10);
    assertThat(granted).containsExactly("after");
    assertThat(b.available()).isEqualTo(6);
  }

  @Test
  void refusesARequestLargerThanTheWholeBudget() {
    ByteBudget b = new ByteBudget(100);
    assertThatThrownBy(() -> b.acquire(101, grant("x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("101")
        .hasMessageContaining("100");
    assertThat(b.acquire(100, grant("y"))).isTrue();
  }

  @Test
  void releasingMoreThanWasTakenIsABug() {
    ByteBudget b = new ByteBudget(100);
    b.acquire(10, grant("a"));
    assertThatThrownBy(() -> b.release(11)).isInstanceOf(IllegalStateException.class);
    assertThat(b.available()).isEqualTo(90);
  }
}
