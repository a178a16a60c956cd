package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The datastore locks one transaction holds (RFC 6241 section 7.5): taken with bounded exponential
 * back-off on lock-denied, released in reverse order.
 */
final class Locks {
  private final NetconfSession session;
  private final TransactionSettings settings;
  private final List<Datastore> held = new ArrayList<>();
  private int attempts;

  Locks(NetconfSession session, TransactionSettings settings) {
    this.session = session;
    this.settings = settings;
  }

  /** Locks {@code d}, retrying lock-denied; LockDeniedException names the last holder. */
  void acquire(Datastore d) {
    Duration backoff = settings.lockBackoffInitial();
    for (int attempt = 1; ; attempt++) {
      attempts++;
      try {
        session.lock(d);
        held.add(d);
        return;
      } catch (NetconfRpcException e) {
        if (!e.hasTag("lock-denied")) {
          throw new DeviceTransactionException(
              session.device(), "lock", "lock " + d + " refused", e);
        }
        if (attempt >= settings.lockAttempts()) {
          String holder =
              e.errors().stream()
                  .filter(err -> err.tag().equals("lock-denied"))
                  .flatMap(err -> err.sessionId().stream())
                  .findFirst()
                  .orElse("");
          throw new LockDeniedException(session.device(), holder, attempt, e);
        }
        // bounded exponential back-off between lock attempts (pyhpecw7 lock-per-RPC clients)
        LockSupport.parkNanos(backoff.toNanos());
        Duration doubled = backoff.multipliedBy(2);
        backoff =
            doubled.compareTo(settings.lockBackoffMax()) > 0 ? settings.lockBackoffMax() : doubled;
      }
    }
  }

  boolean holds(Datastore d) {
    return held.contains(d);
  }

  /** Lock RPCs sent so far, refused ones included. */
  int attempts() {
    return attempts;
  }

  /**
   * Unlocks all, last taken first, even when one unlock fails. Unlock failures are added to {@code
   * failure} when there is one, else thrown as one DeviceTransactionException of phase "unlock".
   */
  void releaseAll(RuntimeException failure) {
    RuntimeException unlockFailure = failure;
    for (int i = held.size() - 1; i >= 0; i--) {
      try {
        session.unlock(held.get(i));
      } catch (RuntimeException e) {
        if (unlockFailure == null) {
          unlockFailure =
              new DeviceTransactionException(
                  session.device(), "unlock", "unlock " + held.get(i) + " failed", e);
        } else {
          unlockFailure.addSuppressed(e);
        }
      }
    }
    held.clear();
    if (failure == null && unlockFailure != null) {
      throw unlockFailure;
    }
  }
}
