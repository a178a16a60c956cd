package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.fault.FaultType;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * The internal session that holds the locks while a HOLD_LOCK fault is active; not thread-safe:
 * only called under the owning {@link SwitchDevice}'s monitor.
 */
final class HeldLockFault {
  private final FaultBox faults;
  private final LockTable locks;
  private final boolean holdsCandidate;
  private final IntSupplier sessionIds;
  private final Consumer<DeviceSession> sessionEnded;
  private DeviceSession session;

  /**
   * {@code holdsCandidate}: the fault takes the candidate lock too; {@code sessionEnded} releases
   * what the internal session held when the fault goes.
   */
  HeldLockFault(
      FaultBox faults,
      LockTable locks,
      boolean holdsCandidate,
      IntSupplier sessionIds,
      Consumer<DeviceSession> sessionEnded) {
    this.faults = faults;
    this.locks = locks;
    this.holdsCandidate = holdsCandidate;
    this.sessionIds = sessionIds;
    this.sessionEnded = sessionEnded;
  }

  /** Takes or releases the internal session's locks as the fault comes and goes. */
  void refresh() {
    boolean active = faults.isActive(FaultType.HOLD_LOCK);
    if (active && session == null) {
      session = new DeviceSession(sessionIds.getAsInt(), "fault", () -> {});
      locks.takeFree(session.id(), holdsCandidate);
    } else if (!active && session != null) {
      sessionEnded.accept(session);
      locks.releaseAll(session.id());
      session = null;
    }
  }

  /** True when {@code s} is the internal session. */
  boolean is(DeviceSession s) {
    return session == s;
  }

  /** True when {@code holder} is the internal session's id. */
  boolean holds(Integer holder) {
    return holder != null && session != null && holder == session.id();
  }

  /** Forgets the internal session without releasing anything (the device is stopping). */
  void forget() {
    session = null;
  }
}
