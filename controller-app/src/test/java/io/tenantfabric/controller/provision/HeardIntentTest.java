package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeardIntentTest {

  @Test
  void aChangeIsHeardFirstOnceWhicheverWayComesFirst() {
    HeardIntent heard = new HeardIntent();
    assertThat(heard.first(41)).isTrue(); // the in-process event, say
    assertThat(heard.first(41)).isFalse(); // then its notification
    assertThat(heard.first(42)).isTrue();
  }

  @Test
  void aChangeWithoutAnIdIsAlwaysHeard() {
    HeardIntent heard = new HeardIntent();
    assertThat(heard.first(-1)).isTrue();
    assertThat(heard.first(-1)).isTrue();
  }

  @Test
  void onlyTheLastChangesAreRemembered() {
    HeardIntent heard = new HeardIntent();
    for (long v = 0; v <= HeardIntent.REMEMBERED; v++) {
      assertThat(heard.first(v)).isTrue();
    }
    assertThat(heard.first(HeardIntent.REMEMBERED)).as("the newest").isFalse();
    assertThat(heard.first(0)).as("the oldest, forgotten").isTrue();
  }

  @Test
  void theTransactionIdIsWhatFollowsTheCountInAnAllocationsPayload() {
    assertThat(HeardIntent.noticeIn("3:90210")).isEqualTo(90210);
    assertThat(HeardIntent.noticeIn("1:0")).isZero();
    assertThat(HeardIntent.noticeIn("3")).isEqualTo(-1); // an older instance's payload
    assertThat(HeardIntent.noticeIn(null)).isEqualTo(-1); // another intent change
    assertThat(HeardIntent.noticeIn("")).isEqualTo(-1);
    assertThat(HeardIntent.noticeIn("3:")).isEqualTo(-1);
    assertThat(HeardIntent.noticeIn("3:12a")).isEqualTo(-1);
    assertThat(HeardIntent.noticeIn("3:-5")).isEqualTo(-1);
    assertThat(HeardIntent.noticeIn("3:1234567890123456789")).isEqualTo(-1); // not a long we send
  }
}
