package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.topology.FabricLayouts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** SIGTERM's stop gives up waiting for a switch whose monitor a stuck RPC holds. */
class MainStopTest {

  @Test
  void theStopDoesNotWaitForeverOnAHeldDeviceMonitor() throws Exception {
    EmulatedFabric fabric =
        EmulatedFabric.start(EmulatorOptions.builder().preset(FabricLayouts.MINI).build());
    EmulatedDevice stuck = fabric.device("leaf-02");
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread rpc =
        new Thread(
            () -> {
              synchronized (stuck) {
                held.countDown();
                try {
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            },
            "stuck-rpc");
    rpc.start();
    try {
      assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      Main.stopWithin(
          Duration.ofSeconds(1), null, fabric, new PrintStream(err, true, StandardCharsets.UTF_8));
      assertThat(err.toString(StandardCharsets.UTF_8))
          .contains("warning: the emulator did not stop within 1 s");
    } finally {
      release.countDown();
      rpc.join();
    }
  }
}
