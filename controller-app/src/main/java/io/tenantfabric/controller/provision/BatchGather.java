package io.tenantfabric.controller.provision;

import java.time.Duration;

/**
 * How long the provisioner gathers intent after a batch before it starts the next one: a quarter of
 * the batch's device time (its begin, prepare and confirm), at most {@code
 * fabric.provisioning.gather-max} (1 s by default, 0 turns it off), and none when that is under
 * {@value #MIN_MILLIS} ms.
 *
 * <p>Why: a switch transaction costs about the same device time for one change as for many (its
 * fixed RPCs, and one edit RPC per kind of row, not per change), and the clients a batch releases
 * come back with their next change spread over a few hundred milliseconds. Started at once, the
 * next batch carried the first of them and the rest waited a whole batch: with 48 clients at 200 ms
 * per RPC, batches alternated between 1 and 47 changes and the devices did two rounds per 48
 * changes. A quarter of the device time costs the next batch at most 25 % more latency, and only
 * where the device, not the controller, is slow: after a batch of 60-100 ms at no device delay the
 * wait is under the minimum, so the allocation latency at low device delay is unchanged.
 *
 * <p>The gather ends early once as many changes have arrived since the batch was loaded as the
 * batch settled (the allocations it took to a final state, whose clients it released): each
 * allocation's intent change notifies with the number of allocations it recorded ({@link
 * #changesIn}). In the bench's {@code burst} the 48 clients a batch released were back within
 * 0.4-0.6 s, and the rest of the quarter (0.85 s at 200 ms per RPC) only held their changes.
 * Clients that do not come back (a portal that does not wait, say) leave the gather to its full
 * length.
 *
 * <p>Intent that streams in ({@link #streaming}): when, while a batch ran, new changes arrived from
 * clients it was not holding (at least {@value #MIN_STREAM}, and at least an eighth of what it
 * settled), nobody's coming back is what the next batch waits for: the intent comes anyway, as in a
 * bulk onboarding whose portal does not wait for each allocation. Then every switch transaction's
 * fixed cost (its 8 fixed RPCs, the read-back and its check, the outcome's writes) is what to save,
 * and started back to back the batches carried only what arrived during the one before: in the
 * bench's {@code bringup-2048} (2,048 one-GPU tenants, 8 clients, at no device delay on 2 shared
 * cores) 600-770 switch transactions of 2-3 changes each, whose CPU the requests themselves then
 * lacked. So the gather lasts {@link #whileStreaming twice the batch's whole time}, at most {@code
 * gather-max}, and returns do not end it: the batches then spend at most a third of the time, and
 * each change waits at most one gather more. A closed loop of waiting clients ({@code allocate-8},
 * {@code burst}) sends nothing while its changes are in a batch, so it never streams (a few of them
 * slow to come back after the gather do not make an eighth). An eighth, not more: a batch that
 * followed a gather of twice its time settled three times what arrived while it ran, less the
 * arrivals before its late intake; with a quarter, in {@code bringup-2048}, one batch in four
 * missed it and the next carried a third as much.
 *
 * <p>A gather while intent streams in ends once the stream stops: no intent for {@value
 * #QUIET_MILLIS} ms ({@link #streamQuietLeft}). The last tenants of a bulk onboarding otherwise
 * waited out the rest of the gather for nothing: in {@code bringup-2048} the last gather waited 778
 * ms for 47 changes that had all arrived early in it. While the stream flows, changes come every
 * 5-10 ms there (8 clients), so a tenth of a second without one is the stream's end, not a gap in
 * it; a pause of the clients that long (a collection, say) costs one smaller batch, nothing else.
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
