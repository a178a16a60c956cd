package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** The active faults of one device with their remaining counts (0 = until cleared). */
final class FaultBox {
  private static final class Active {
    final FaultType type;
    int remaining;
    final long delayMs;

    Active(Fault f) {
      this.type = f.type();
      this.remaining = f.count();
      this.delayMs = f.delayMs();
    }
  }

  private final List<Active> active = new ArrayList<>();

  synchronized void add(Fault f) {
    active.removeIf(a -> a.type == f.type());
    active.add(new Active(f));
  }

  synchronized void clear() {
    active.clear();
  }

  synchronized boolean isActive(FaultType type) {
    for (Active a : active) {
      if (a.type == type) {
        return true;
      }
    }
    return false;
  }

  /** Consumes one firing of {@code type}; true when the fault fired. */
  synchronized boolean fire(FaultType type) {
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
    for (Active a : active) {
      if (a.type == FaultType.DELAY) {
        long d = a.delayMs;
        fire(FaultType.DELAY);
        return d;
      }
    }
    return 0;
  }

  synchronized List<Fault> snapshot() {
    List<Fault> out = new ArrayList<>();
    for (Active a : active) {
      out.add(new Fault(a.type, a.remaining, a.delayMs));
    }
    return out;
  }
}
