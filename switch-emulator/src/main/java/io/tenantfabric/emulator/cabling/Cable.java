package io.tenantfabric.emulator.cabling;

import io.tenantfabric.emulator.CableEnd;
import java.time.Instant;

/** A cable between two different ends, plugged in at {@code since}. */
public record Cable(CableEnd a, CableEnd b, Instant since) {
  public Cable {
    if (a.equals(b)) {
      throw new IllegalArgumentException("a cable needs two different ends: " + a);
    }
  }

  /** The end opposite {@code end}, which must be one of the cable's. */
  public CableEnd far(CableEnd end) {
    if (end.equals(a)) {
      return b;
    }
    if (end.equals(b)) {
      return a;
    }
    throw new IllegalArgumentException(end + " is no end of " + this);
  }
}
