package io.tenantfabric.controller.nicspeed;

import java.util.List;

/**
 * The steps of a NIC speed change, in order: the server's ports cleared of what blocks a breakout,
 * split (to 200G) or joined (to 400G) on every leaf, the fabric's breakouts edited, the leaves
 * pushed and verified, the GPUs let into placement again; then DONE.
 */
enum NicSpeedStep {
  UNCONFIGURE,
  SPLIT,
  JOIN,
  MODEL,
  PUSH,
  VERIFY,
  UNCORDON,
  DONE;

  /** The steps of a change to {@code speedGbps}, DONE last. */
  static List<NicSpeedStep> order(int speedGbps) {
    return List.of(
        UNCONFIGURE,
        speedGbps == BreakoutEdit.SPLIT ? SPLIT : JOIN,
        MODEL,
        PUSH,
        VERIFY,
        UNCORDON,
        DONE);
  }

  /** The step after this one in a change to {@code speedGbps} (DONE stays DONE). */
  NicSpeedStep next(int speedGbps) {
    List<NicSpeedStep> order = order(speedGbps);
    int at = order.indexOf(this);
    if (at < 0) {
      throw new IllegalStateException(this + " is no step of a change to " + speedGbps + "G");
    }
    return this == DONE ? DONE : order.get(at + 1);
  }
}
