package io.tenantfabric.emulator.netconf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.emulator.framing.Frames;
import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.sshd.core.CoreModuleProperties;
import org.junit.jupiter.api.Test;

/** A client that pipelines faster than the worker runs is held back by the SSH window. */
class BackPressureIT {
  static final int MESSAGE = 1024 * 1024;
  static final int MESSAGES = 40;

  /** An rpc of about 1 MiB: a small get padded with a comment. */
  static String bigRpc(int id) {
    return "<rpc message-id=\""
        + id
        + "\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
        + "<!--"
        + "x".repeat(MESSAGE)
        + "--><get-sessions/></rpc>";
  }

  @Test
  void queuedInputStopsAtTheBoundWhileTheWorkerIsBusy() throws Exception {
    try (EmulatedFabric fabric =
        EmulatedFabric.start(
            EmulatorOptions.builder().preset(FabricLayouts.MINI).leavesOnly(true).build())) {
      EmulatedDevice leaf = fabric.device("leaf-01");
      try (RawNetconfClient c = RawNetconfClient.connect(leaf)) {
        // The first rpc occupies this session's worker for ten minutes (the fabric's close
        // interrupts it); everything sent after it can only queue.
        leaf.injectFault(new Fault(FaultType.DELAY, 1, 600_000));
        c.send(
            "<rpc message-id=\"1\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><get-sessions/></rpc>");
        byte[] big = Frames.encode(bigRpc(2), c.mode());
        AtomicLong written = new AtomicLong();
        AtomicBoolean allWritten = new AtomicBoolean();
        Thread sender =
            new Thread(
                () -> {
                  try {
                    for (int i = 0; i < MESSAGES; i++) {
                      c.sendRaw(big);
                      written.addAndGet(big.length);
                    }
                    allWritten.set(true);
                  } catch (IOException e) {
                    // MINA gives up waiting for window space after 30 s; the assertions are done.
                  }
                },
                "flood");
        sender.setDaemon(true);
        sender.start();

        await()
            .alias("the client filled the queue and then the window")
            .atMost(Duration.ofSeconds(60))
            .pollInterval(Duration.ofMillis(20))
            .until(() -> written.get() > NetconfChannel.QUEUE_BOUND && c.remoteWindowSize() == 0);
        long window = CoreModuleProperties.DEFAULT_WINDOW_SIZE;
        assertThat(allWritten.get()).as("40 MiB cannot pass a 16 MiB queue").isFalse();
        assertThat(written.get()).isLessThan(NetconfChannel.QUEUE_BOUND + window + 2L * big.length);
      }
    }
  }
}
