package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The active faults of one device with their remaining counts (0 = until cleared) and, for a timed
 * fault, when it ends: an expired fault is dropped before any question is answered, so it neither
 * fires nor shows.
 */
final class FaultBox {
  private static final class Active {
    final FaultType type;
    int remaining;
    final long delayMs;
    final long endsAtNanos; // Long.MAX_VALUE: until cleared or counted out

    Active(Fault f, long now) {
      this.type = f.type();
      this.remaining = f.count();
      this.delayMs = f.delayMs();
      this.endsAtNanos = f.forMs() == 0 ? Long.MAX_VALUE : now + f.forMs() * 1_000_000;
    }
  }

  private final List<Active> active = new ArrayList<>();
  private final LongSupplier nanoTime;

  FaultBox() {
    this(System::nanoTime);
  }

  /** With the clock a timed fault is measured by, a test's own. */
  FaultBox(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  synchronized void add(Fault f) {
    active.removeIf(a -> a.type == f.type());
    active.add(new Active(f, nanoTime.getAsLong()));
  }

  synchronized void clear() {
    active.clear();
  }

  private void expire() {
    long now = nanoTime.getAsLong();
    active.removeIf(a -> now - a.endsAtNanos >= 0 && a.endsAtNanos != Long.MAX_VALUE);
  }

  synchronized boolean isActive(FaultType type) {
    expire();
    for (Active a : active) {
      if (a.type == type) {
        return true;
      }
    }
    return false;
  }

  /** Consumes one firing of {@code type}; true when the fault fired. */
  synchronized boolean fire(FaultType type) {
    expire();
    Iterator<Active> it = active.iterator();
    while (it.hasNext()) {
      Active a = it.next();
      if (a.type != type) {
        continue;
      }
      if (a.remaining > 0 && --a.remaining == 0) {
        it.remove();
      }
      return true;
    }
    return false;
  }

  /** The delay to apply to the next RPC (consuming one DELAY firing), 0 when none. */
  synchronized long nextDelayMs() {
    expire();
    for (Active a : active) {
      if (a.type == FaultType.DELAY) {
        long d = a.delayMs;
        fire(FaultType.DELAY);
        return d;
      }
    }
    return 0;
  }

  /** The active faults; a timed one with the time it has left (rounded up to a millisecond). */
  synchronized List<Fault> snapshot() {
    expire();
    long now = nanoTime.getAsLong();
    List<Fault> out = new ArrayList<>();
    for (Active a : active) {
      long left =
          a.endsAtNanos == Long.MAX_VALUE
              ? 0
              : Math.max(1, (a.endsAtNanos - now + 999_999) / 1_000_000);
      out.add(new Fault(a.type, a.remaining, a.delayMs, left));
    }
    return out;
  }
}
