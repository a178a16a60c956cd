package io.tenantfabric.emulator.device;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a condition until a deadline (tests never sleep a fixed time). */
public final class Poll {
  private Poll() {}

  public static boolean until(Duration within, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(20);
    }
    return condition.getAsBoolean();
  }
}
