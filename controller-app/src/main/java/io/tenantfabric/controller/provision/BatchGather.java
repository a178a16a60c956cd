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
 */
final class BatchGather {
  static final long MIN_MILLIS = 50;

  private BatchGather() {}

  /**
   * How many changes an intent notification's payload announces: its number (an allocation's intent
   * change), else none (another intent change, a tenant's deletion say, releases nobody).
   */
  static long changesIn(String payload) {
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
   * The gather after a batch whose begin, prepare and confirm took {@code deviceNanos}; zero for
   * none.
   */
  static Duration after(long deviceNanos, Duration max) {
    Duration quarter = Duration.ofNanos(Math.max(0, deviceNanos) / 4);
    Duration gather = quarter.compareTo(max) < 0 ? quarter : max;
    return gather.toMillis() < MIN_MILLIS ? Duration.ZERO : gather;
  }
}
