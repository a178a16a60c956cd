package io.tenantfabric.southbound.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** Replies in any order complete the rpc with the same message-id. */
class RpcCorrelatorTest {

  private static Element reply(String id) {
    return Messages.parse(
        ("<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\""
                + id
                + "\"><ok/></rpc-reply>")
            .getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void completesOutOfOrderRepliesByMessageId() {
    RpcCorrelator c = new RpcCorrelator();
    List<RpcCorrelator.Pending> pending = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      pending.add(c.register());
    }
    List<RpcCorrelator.Pending> shuffled = new ArrayList<>(pending);
    Collections.shuffle(shuffled, new Random(7));
    for (RpcCorrelator.Pending p : shuffled) {
      assertThat(c.complete(reply(p.messageId()))).isEqualTo(RpcCorrelator.Outcome.MATCHED);
    }
    for (RpcCorrelator.Pending p : pending) {
      assertThat(RpcReplies.messageId(p.reply().join())).isEqualTo(p.messageId());
    }
    assertThat(c.inFlight()).isZero();
  }

  @Test
  void aReplyToAForgottenRpcIsLateOnceThenUnknown() {
    RpcCorrelator c = new RpcCorrelator();
    RpcCorrelator.Pending p = c.register();
    c.forget(p.messageId());
    assertThat(c.complete(reply(p.messageId()))).isEqualTo(RpcCorrelator.Outcome.LATE);
    assertThat(c.complete(reply(p.messageId())))
        .as("a second reply to the same id")
        .isEqualTo(RpcCorrelator.Outcome.UNKNOWN);
    assertThat(p.reply()).isNotDone();
  }

  @Test
  void anIdNeverSentOrMissingIsUnknown() {
    RpcCorrelator c = new RpcCorrelator();
    RpcCorrelator.Pending p = c.register();
    assertThat(c.complete(reply("999"))).isEqualTo(RpcCorrelator.Outcome.UNKNOWN);
    assertThat(
            c.complete(
                Messages.parse(
                    "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><ok/></rpc-reply>"
                        .getBytes())))
        .isEqualTo(RpcCorrelator.Outcome.UNKNOWN);
    assertThat(p.reply()).isNotDone();
    assertThat(c.complete(reply(p.messageId()))).isEqualTo(RpcCorrelator.Outcome.MATCHED);
    assertThat(c.complete(reply(p.messageId())))
        .as("answered twice")
        .isEqualTo(RpcCorrelator.Outcome.UNKNOWN);
  }

  @Test
  void onlyTheMostRecentForgottenIdsAreRemembered() {
    RpcCorrelator c = new RpcCorrelator();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < RpcCorrelator.REMEMBERED_FORGOTTEN_IDS + 1; i++) {
      RpcCorrelator.Pending p = c.register();
      c.forget(p.messageId());
      ids.add(p.messageId());
    }
    assertThat(c.complete(reply(ids.get(0)))).isEqualTo(RpcCorrelator.Outcome.UNKNOWN);
    assertThat(c.complete(reply(ids.get(ids.size() - 1)))).isEqualTo(RpcCorrelator.Outcome.LATE);
  }

  @Test
  void failAllFailsEveryOutstandingRpc() {
    RpcCorrelator c = new RpcCorrelator();
    RpcCorrelator.Pending a = c.register();
    RpcCorrelator.Pending b = c.register();
    c.failAll(new NetconfException("leaf-01", "session closed"));
    assertThat(a.reply()).isCompletedExceptionally();
    assertThat(b.reply()).isCompletedExceptionally();
    assertThat(a.messageId()).isNotEqualTo(b.messageId());
  }
}
