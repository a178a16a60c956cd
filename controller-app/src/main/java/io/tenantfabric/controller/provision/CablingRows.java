package io.tenantfabric.controller.provision;

import io.tenantfabric.db.lifecycle.CablingRow;
import io.tenantfabric.model.lifecycle.CableCheck;
import java.time.Instant;

/** A cable verdict as the cabling table keeps it. */
final class CablingRows {

  /** The longest seen device or port the table keeps. */
  static final int MAX_SEEN = 255;

  private CablingRows() {}

  /** {@code c} checked at {@code now} (its change time too; the store keeps an unchanged one). */
  static CablingRow of(CableCheck c, Instant now) {
    return new CablingRow(
        c.switchName().value(),
        c.port(),
        c.planned().map(p -> p.kind().name()).orElse(null),
        c.state().name(),
        c.planned().map(p -> p.peer().device()).orElse(null),
        c.planned().map(p -> p.peer().port()).orElse(null),
        c.seen().map(s -> bounded(s.device())).orElse(null),
        c.seen().map(s -> bounded(s.port())).orElse(null),
        now,
        now);
  }

  // what a neighbour says of itself is its own (a leased server's is the tenant's): kept within the
  // column's bound, LLDP's own for a system name and a port id (IEEE 802.1AB: 255 octets)
  private static String bounded(String text) {
    return text.length() <= MAX_SEEN ? text : text.substring(0, MAX_SEEN);
  }

  /** What the row's port sees, {@code "device port"}; null when nothing answers. */
  static String seen(CablingRow r) {
    return r.seenDevice() == null ? null : r.seenDevice() + " " + r.seenPort();
  }
}
