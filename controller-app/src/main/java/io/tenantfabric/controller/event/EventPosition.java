package io.tenantfabric.controller.event;

import java.util.Comparator;

/**
 * Where an event stands in the stream: its writing transaction's id ({@code xid8}, as a long: a
 * 64-bit epoch and xid that never reaches the sign bit) and its sequence number, ordered by both.
 */
record EventPosition(long xid, long seq) implements Comparable<EventPosition> {

  /** Before every event. */
  static final EventPosition START = new EventPosition(0, 0);

  private static final Comparator<EventPosition> ORDER =
      Comparator.comparingLong(EventPosition::xid).thenComparingLong(EventPosition::seq);

  EventPosition {
    if (xid < 0 || seq < 0) {
      throw new IllegalArgumentException("a position is never negative: " + xid + "/" + seq);
    }
  }

  @Override
  public int compareTo(EventPosition other) {
    return ORDER.compare(this, other);
  }

  boolean after(EventPosition other) {
    return compareTo(other) > 0;
  }
}
