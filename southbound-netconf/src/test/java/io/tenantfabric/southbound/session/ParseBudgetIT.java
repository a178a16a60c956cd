package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.endpoint;
import static io.tenantfabric.southbound.testing.EmulatorSupport.eventually;
import static io.tenantfabric.southbound.testing.EmulatorSupport.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.w3c.dom.Element;

/**
 * Complete messages wait for parse threads within one budget; a spent budget pauses, never drops.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParseBudgetIT {

  private static final long BUDGET = 1024 * 1024;

  EmulatedFabric fabric;
  List<EmulatedDevice> leaves;

  @BeforeAll
  void start() {
    fabric = EmulatorSupport.startMini(Profile.COMWARE7);
    leaves = fabric.devices().stream().filter(d -> d.role().equals("LEAF")).toList();
  }

  @AfterAll
  void stop() {
    fabric.close();
  }

  @Test
  void aSpentBudgetPausesTheSessionsAndEveryReplyArrivesOnceParsingGoesOn() throws Exception {
    ClientOptions tight =
        ClientOptions.defaults()
            .withMaxMessageSize(BUDGET)
            .withParseBudget(BUDGET)
            .withParseThreads(1);
    try (NetconfClient client = new NetconfClient(tight);
        SshNetconfSession a = client.open(endpoint(leaves.get(0)), settings());
        SshNetconfSession b = client.open(endpoint(leaves.get(1)), settings())) {
      a.get(null);
      long replyBytes = a.largestMessageBytes();
      int perSession = (int) (BUDGET / replyBytes) + 2; // two sessions: twice the budget at least

      // Replies complete on the parse thread; blocking in a callback (what callers must never do)
      // holds the only one, so the replies behind it pile up against the budget.
      // A reply that completes before thenRun is attached runs the callback on this thread
      // instead (seen once on a loaded machine): then it holds nothing, and the RPC goes again.
      CountDownLatch held = new CountDownLatch(1);
      CountDownLatch hold = new CountDownLatch(1);
      Thread test = Thread.currentThread();
      CompletableFuture<Void> holder;
      do {
        holder =
            a.rpcAsync("<get/>")
                .thenRun(
                    () -> {
                      if (Thread.currentThread() != test) {
                        held.countDown();
                        await(hold);
                      }
                    });
      } while (holder.isDone() && held.getCount() == 1);
      assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
      List<CompletableFuture<Element>> replies = new ArrayList<>();
      for (int i = 0; i < perSession; i++) {
        replies.add(a.rpcAsync("<get/>"));
        replies.add(b.rpcAsync("<get/>"));
      }
      assertThat(eventually(Duration.ofSeconds(20), () -> client.parseBudget().waiting() > 0))
          .as("a decoded reply waits for budget (%d-byte replies)", replyBytes)
          .isTrue();
      assertThat(replies).allMatch(r -> !r.isDone());

      hold.countDown();
      holder.get(30, TimeUnit.SECONDS);
      for (CompletableFuture<Element> r : replies) {
        assertThat(r.get(30, TimeUnit.SECONDS).getLocalName()).isEqualTo("rpc-reply");
      }
      assertThat(a.isOpen()).isTrue();
      assertThat(b.isOpen()).isTrue();
      assertThat(
              eventually(Duration.ofSeconds(10), () -> client.parseBudget().available() == BUDGET))
          .as("every byte given back")
          .isTrue();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
