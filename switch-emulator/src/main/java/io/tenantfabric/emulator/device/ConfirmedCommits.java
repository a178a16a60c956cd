package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.RpcException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The RFC 6241 candidate commit with its pending confirmed commit (§8.3-8.4: persist, timeout,
 * cancel); not thread-safe: only called under the owning {@link SwitchDevice}'s monitor, which its
 * timeout timer takes too.
 */
final class ConfirmedCommits {
  private final Object monitor;
  private final ScheduledExecutorService scheduler;
  private final Datastores datastores;
  private ConfirmedCommitState confirmed;

  /** {@code monitor} is the device's: the confirm timeout runs under it. */
  ConfirmedCommits(Object monitor, ScheduledExecutorService scheduler, Datastores datastores) {
    this.monitor = monitor;
    this.scheduler = scheduler;
    this.datastores = datastores;
  }

  /** Another session's pending confirmed commit denies the running lock. */
  void checkRunningLockable(DeviceSession s) throws RpcException {
    if (confirmed != null && confirmed.owner != s.id()) {
      throw DeviceErrors.lockDenied("A confirmed commit is pending.", confirmed.owner);
    }
  }

  /** {@code <commit>}: plain, confirmed (with persist), or confirming (persist-id). */
  void commit(
      DeviceSession s,
      boolean confirmedCommit,
      long timeoutSeconds,
      String persist,
      String persistId)
      throws RpcException {
    if (confirmed != null) {
      if (confirmed.persist != null) {
        if (!confirmed.persist.equals(persistId)) {
          throw DeviceErrors.invalid("The persist-id does not match the pending confirmed commit.");
        }
      } else if (confirmed.owner != s.id()) {
        throw DeviceErrors.failed("A confirmed commit of another session is pending.");
      }
    } else if (persistId != null) {
      throw DeviceErrors.invalid("No confirmed commit is pending for the persist-id.");
    }
    Datastore before = datastores.running();
    datastores.commitCandidate();
    if (!confirmedCommit) {
      if (confirmed != null) {
        confirmed.timer.cancel(false);
        confirmed = null;
      }
      return;
    }
    ConfirmedCommitState c =
        confirmed != null
            ? new ConfirmedCommitState(s.id(), persist, confirmed.revertTo)
            : new ConfirmedCommitState(s.id(), persist, before);
    if (confirmed != null) {
      confirmed.timer.cancel(false);
    }
    confirmed = c;
    c.timer =
        scheduler.schedule(
            () -> {
              synchronized (monitor) {
                if (confirmed == c) {
                  revert();
                }
              }
            },
            timeoutSeconds,
            TimeUnit.SECONDS);
  }

  /** {@code <cancel-commit>}: reverts a pending confirmed commit now. */
  void cancel(DeviceSession s, String persistId) throws RpcException {
    if (confirmed == null) {
      throw DeviceErrors.failed("No confirmed commit is pending.");
    }
    if (confirmed.persist != null
        ? !confirmed.persist.equals(persistId)
        : confirmed.owner != s.id()) {
      throw DeviceErrors.invalid("The cancel-commit does not match the pending confirmed commit.");
    }
    revert();
  }

  /** Reverts the session's pending confirmed commit unless it was given a persist token. */
  void sessionEnded(DeviceSession s) {
    if (confirmed != null && confirmed.owner == s.id() && confirmed.persist == null) {
      revert();
    }
  }

  /**
   * Drops a pending confirmed commit without reverting: a wiped switch is a new unit, which no
   * persisted commit of the old one may roll back.
   */
  void forget() {
    if (confirmed != null) {
      confirmed.timer.cancel(false);
      confirmed = null;
    }
  }

  private void revert() {
    if (confirmed.timer != null) {
      confirmed.timer.cancel(false);
    }
    datastores.running(confirmed.revertTo.copy());
    datastores.discardCandidate();
    confirmed = null;
  }
}
