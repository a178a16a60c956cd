package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.RpcException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The device's save-point (comware-facts.md §2.6): begin, commit, rollback, end, and the automatic
 * rollback on idle timeout or disconnect; not thread-safe: only called under the owning {@link
 * SwitchDevice}'s monitor, which its idle timer takes too.
 */
final class SavePoints {
  private final Object monitor;
  private final ScheduledExecutorService scheduler;
  private final Datastores datastores;
  private SavePointState savePoint;

  /** {@code monitor} is the device's: the idle timer runs under it. */
  SavePoints(Object monitor, ScheduledExecutorService scheduler, Datastores datastores) {
    this.monitor = monitor;
    this.scheduler = scheduler;
    this.datastores = datastores;
  }

  /** True when session {@code sessionId} has the save-point. */
  boolean ownedBy(int sessionId) {
    return savePoint != null && savePoint.owner == sessionId;
  }

  /** The checks of {@code <begin>} made before the device checks the running lock. */
  void checkBegin(DeviceSession s, long timeoutSeconds) throws RpcException {
    if (timeoutSeconds < 1 || timeoutSeconds > 65535) {
      throw DeviceErrors.invalid("The confirm-timeout must be 1 to 65535 seconds.");
    }
    if (savePoint != null) {
      throw DeviceErrors.failed(
          savePoint.owner == s.id()
              ? "The current session already has a save-point."
              : "Another session has a save-point.");
    }
  }

  /** Opens the save-point at the current running state and arms the idle rollback. */
  void begin(DeviceSession s, long timeoutSeconds) {
    savePoint = new SavePointState(s.id(), timeoutSeconds, datastores.running().copy(), s.user());
    scheduleIdleCheck(s, savePoint);
  }

  private void scheduleIdleCheck(DeviceSession s, SavePointState sp) {
    long dueNanos = s.lastActivityNanos() + TimeUnit.SECONDS.toNanos(sp.timeoutSeconds);
    long delay = Math.max(1, dueNanos - System.nanoTime());
    sp.timer =
        scheduler.schedule(
            () -> {
              synchronized (monitor) {
                if (savePoint != sp) {
                  return;
                }
                if (System.nanoTime() - s.lastActivityNanos()
                    >= TimeUnit.SECONDS.toNanos(sp.timeoutSeconds)) {
                  rollbackToBegin();
                } else {
                  scheduleIdleCheck(s, sp);
                }
              }
            },
            delay,
            TimeUnit.NANOSECONDS);
  }

  /** Rolls back the save-point of a session that ended; nothing when it has none. */
  void sessionEnded(DeviceSession s) {
    if (savePoint != null && savePoint.owner == s.id()) {
      rollbackToBegin();
    }
  }

  /** Automatic rollback: to the state at begin, and the save-point is gone. */
  private void rollbackToBegin() {
    if (savePoint.timer != null) {
      savePoint.timer.cancel(false);
    }
    datastores.running(savePoint.beginState.copy());
    savePoint = null;
  }

  /** The save-point of {@code s}; operation-failed when it has none. */
  SavePointState own(DeviceSession s) throws RpcException {
    if (savePoint == null || savePoint.owner != s.id()) {
      throw DeviceErrors.failed(DeviceErrors.NO_SAVE_POINT);
    }
    return savePoint;
  }

  /** {@code <commit>}: a new rollback point; returns its commit-id. */
  int commit(DeviceSession s, String label, String comment, boolean force) throws RpcException {
    SavePointState sp = own(s);
    if (sp.points.size() >= SavePointState.MAX_POINTS) {
      if (!force) {
        throw DeviceErrors.failed("The number of save points has reached the upper limit.");
      }
      sp.points.remove(1);
    }
    SavePointState.Point p =
        new SavePointState.Point(
            sp.nextId++, label, comment, Instant.now(), s.user(), datastores.running().copy());
    sp.points.add(p);
    return p.id();
  }

  /** {@code <rollback>} to a commit-id, a commit-index (0 newest), a label, or the latest. */
  void rollback(DeviceSession s, Integer commitId, Integer commitIndex, String label)
      throws RpcException {
    SavePointState sp = own(s);
    SavePointState.Point target = null;
    if (commitId != null) {
      for (SavePointState.Point p : sp.points) {
        if (p.id() == commitId) {
          target = p;
        }
      }
    } else if (commitIndex != null) {
      int i = sp.points.size() - 1 - commitIndex;
      target = i >= 0 && i < sp.points.size() ? sp.points.get(i) : null;
    } else if (label != null) {
      for (SavePointState.Point p : sp.points) {
        if (label.equals(p.label())) {
          target = p;
        }
      }
    } else {
      target = sp.points.get(sp.points.size() - 1);
    }
    if (target == null) {
      throw DeviceErrors.invalid("The specified save point does not exist.");
    }
    datastores.running(target.state().copy());
  }

  /** {@code <end/>} of {@code sp} (from {@link #own}): keeps the changes, disarms the timer. */
  void end(SavePointState sp) {
    if (sp.timer != null) {
      sp.timer.cancel(false);
    }
    savePoint = null;
  }

  /** {@code <get-commits>}: the points, newest last. */
  List<String[]> commits(DeviceSession s) throws RpcException {
    SavePointState sp = own(s);
    List<String[]> out = new ArrayList<>();
    for (SavePointState.Point p : sp.points) {
      out.add(new String[] {Integer.toString(p.id()), p.time().toString(), p.user(), p.label()});
    }
    return out;
  }
}
