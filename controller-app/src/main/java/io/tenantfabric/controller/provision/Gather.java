package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.observability.FabricMetrics;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provisioner loop's wake-ups and its gather, kept under one monitor: the intent that arrived
 * since the batch was loaded (how many changes, and whether any), whether the loop was poked, and
 * the gather after a batch, whose length {@link BatchGather} decides. Every field is read and
 * written under the monitor, and a poke wakes every wait on it.
 */
final class Gather {

  private static final Logger log = LoggerFactory.getLogger(Gather.class);

  private final FabricMetrics metrics;
  private final Object monitor = new Object();
  private boolean poked = true;
  // after a slow batch, no next batch before this (System.nanoTime), unless as many changes as the
  // batch settled have come back (not while intent streams in): see BatchGather
  private long gatherUntil = System.nanoTime();
  private boolean gatherEndsWhenBack = true;
  private long settledByLastBatch;
  private long arrivedSinceLoad;
  // some intent (an allocation's or any other) was recorded since the batch was loaded
  private boolean intentSinceLoad;
  // when the last intent notification arrived (System.nanoTime): a stream gather ends when it stops
  private long lastIntentAt = System.nanoTime();

  Gather(FabricMetrics metrics) {
    this.metrics = metrics;
  }

  /** Intent of {@code changes} allocations (none for other intent) arrived; wakes the loop. */
  void intentArrived(long changes) {
    synchronized (monitor) {
      arrivedSinceLoad += changes;
      intentSinceLoad = true;
      lastIntentAt = System.nanoTime();
    }
    poke();
  }

  /** Wakes the loop now. */
  void poke() {
    synchronized (monitor) {
      poked = true;
      monitor.notifyAll();
    }
  }

  /** A batch is about to be loaded: what arrives from now on is the next batch's. */
  void loading() {
    synchronized (monitor) {
      arrivedSinceLoad = 0;
      intentSinceLoad = false;
    }
  }

  /** Whether any intent was recorded since the batch was loaded. */
  boolean intentSinceLoad() {
    synchronized (monitor) {
      return intentSinceLoad;
    }
  }

  /**
   * Takes the intent recorded since the load into the running batch: false when there was none;
   * else what arrived until now goes with this batch, so the gather after it counts from here.
   */
  boolean takeLateIntent() {
    synchronized (monitor) {
      if (!intentSinceLoad) {
        return false;
      }
      intentSinceLoad = false;
      arrivedSinceLoad = 0;
      return true;
    }
  }

  /** The changes that arrived since the batch was loaded (or took in its late intent). */
  long arrivedSinceLoad() {
    synchronized (monitor) {
      return arrivedSinceLoad;
    }
  }

  /** The last batch moved {@code settled} allocations on: the gather after it may wait for them. */
  void settled(long settled) {
    synchronized (monitor) {
      settledByLastBatch = settled;
    }
  }

  /**
   * Starts the gather after a batch: it lasts {@code gather}, and ends early once as many changes
   * are back as the batch settled, unless intent is {@code streaming} in.
   */
  void start(Duration gather, boolean streaming) {
    synchronized (monitor) {
      gatherUntil = System.nanoTime() + gather.toNanos();
      gatherEndsWhenBack = !streaming;
    }
  }

  /**
   * Waits out the gather; then, unless the loop was poked meanwhile, waits to be poked for at most
   * {@code sweepMillis} (asked under the monitor). False when interrupted (the thread's interrupt
   * flag set again); {@code running} false ends the gather.
   */
  boolean await(BooleanSupplier running, LongSupplier sweepMillis) {
    synchronized (monitor) {
      try {
        long began = System.nanoTime();
        boolean streamStopped = false;
        while (running.getAsBoolean()) {
          long now = System.nanoTime();
          long left = gatherUntil - now;
          if (gatherEndsWhenBack && arrivedSinceLoad >= settledByLastBatch) {
            break;
          }
          if (!gatherEndsWhenBack) {
            long quietLeft = BatchGather.streamQuietLeft(Math.min(now - began, now - lastIntentAt));
            streamStopped = quietLeft == 0 && left > 0;
            left = Math.min(left, quietLeft);
          }
          if (left <= 0) {
            break;
          }
          // wakes on every poke (notifyAll), so wait out the rest; intent keeps arriving meanwhile
          monitor.wait(Math.max(1, left / 1_000_000));
        }
        gatherUntil = System.nanoTime(); // a gather cut short ends here
        long gathered = gatherUntil - began;
        if (gathered > 1_000_000) { // seen as a phase of its own: where an allocation's time went
          metrics.batchPhases(Map.of("gather", gathered));
          log.debug(
              gatherEndsWhenBack
                  ? "gathered intent for {} ms after a slow batch: {} changes back of {} settled"
                  : "gathered intent for {} ms while intent streams in: {} changes, {} settled{}",
              gathered / 1_000_000,
              arrivedSinceLoad,
              settledByLastBatch,
              streamStopped ? "; the stream stopped" : "");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
      if (poked) {
        poked = false;
        return true;
      }
      boolean interrupted = false;
      try {
        monitor.wait(sweepMillis.getAsLong());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        interrupted = true;
      }
      poked = false;
      return !interrupted;
    }
  }
}
