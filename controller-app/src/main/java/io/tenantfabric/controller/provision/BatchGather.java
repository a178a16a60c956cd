package io.tenantfabric.controller.provision;

import java.time.Duration;

/**
 * How long the provisioner gathers intent after a batch before it starts the next one: a quarter of
 * the batch's device time (its begin, prepare and confirm), at most {@code
 * fabric.provisioning.gather-max} (1 s by default, 0 turns it off), and none when that is under
 * {@value #MIN_MILLIS} ms.
 *
 * <p>A switch transaction costs about the same device time for one change as for many, and the
 * clients a batch releases come back with their next change spread over a few hundred milliseconds:
 * a batch started at once would carry the first of them and leave the rest a whole batch behind.
 * The wait adds at most a quarter to the next batch's latency, and only where the device is slow; a
 * fast batch is followed at once.
 *
 * <p>The gather ends early once as many changes have arrived since the batch was loaded as the
 * batch settled (each allocation's notification carries its count, {@link #changesIn}); clients
 * that do not come back leave it to its full length.
 *
 * <p>While intent streams in ({@link #streaming}: at least {@value #MIN_STREAM} changes, and at
 * least an eighth of what the batch settled, arrived from clients it was not holding), nobody is
 * coming back and each transaction's fixed cost is what to save: the gather then lasts {@link
 * #whileStreaming twice the batch's whole time}, at most {@code gather-max}, so batches take at
 * most a third of the time and each change waits at most one gather more. Returns do not end it; no
 * intent for {@value #QUIET_MILLIS} ms does ({@link #streamQuietLeft}), so that the last tenants of
 * a bulk onboarding do not wait out the rest. A closed loop of waiting clients never streams
 * (docs/perf/gathering-while-intent-streams-in.md).
 */
final class BatchGather {
  static final long MIN_MILLIS = 50;

  /** Without intent for this long, intent no longer streams in. */
  static final long QUIET_MILLIS = 100;

  /** Changes that must arrive during a batch, at least, for the intent to be streaming in. */
  static final long MIN_STREAM = 2;

  private BatchGather() {}

  /**
   * How many changes an intent notification's payload announces: its number (an allocation's intent
   * change, {@code N:T} with its transaction's id), else none (another intent change, a tenant's
   * deletion say, releases nobody).
   */
  static long changesIn(String payload) {
    // "N:T": the count, then the transaction's id
    if (payload != null && payload.indexOf(':') > 0) {
      payload = payload.substring(0, payload.indexOf(':'));
    }
    if (payload == null || payload.isEmpty() || payload.length() > 9) {
      return 0;
    }
    for (int i = 0; i < payload.length(); i++) {
      if (!Character.isDigit(payload.charAt(i))) {
        return 0;
      }
    }
    return Long.parseLong(payload);
  }

  /**
   * Whether intent is streaming in: {@code arrivedWhileRunning} changes arrived while a batch that
   * settled {@code settled} ran (after it took in its last intent, before its outcome released its
   * clients, so none of them is a client coming back). A batch that settled nothing (a drift
   * repair, a failed batch) is followed at once, streaming or not.
   */
  static boolean streaming(long arrivedWhileRunning, long settled) {
    return settled > 0 && arrivedWhileRunning >= Math.max(MIN_STREAM, (settled + 7) / 8);
  }

  /**
   * The gather while intent streams in, after a batch that took {@code batchNanos} from its load
   * until the gather starts: twice that, at most {@code max}, none under {@value #MIN_MILLIS} ms.
   */
  static Duration whileStreaming(long batchNanos, Duration max) {
    return bounded(Duration.ofNanos(Math.max(0, batchNanos)).multipliedBy(2), max);
  }

  /**
   * How much longer a gather while intent streams in waits, {@code quietNanos} after the later of
   * its start and the last intent that arrived: zero once the stream stopped.
   */
  static long streamQuietLeft(long quietNanos) {
    return Math.max(0, Duration.ofMillis(QUIET_MILLIS).toNanos() - quietNanos);
  }

  /**
   * The gather after a batch whose begin, prepare and confirm took {@code deviceNanos}; zero for
   * none.
   */
  static Duration after(long deviceNanos, Duration max) {
    return bounded(Duration.ofNanos(Math.max(0, deviceNanos) / 4), max);
  }

  /** {@code gather} at most {@code max}, and none when that is under {@value #MIN_MILLIS} ms. */
  private static Duration bounded(Duration gather, Duration max) {
    Duration capped = gather.compareTo(max) < 0 ? gather : max;
    return capped.toMillis() < MIN_MILLIS ? Duration.ZERO : capped;
  }
}
