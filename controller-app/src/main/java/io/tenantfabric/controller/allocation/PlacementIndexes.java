package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.tenant.TenantPools;
import io.tenantfabric.db.jdbc.RoundTrip;
import io.tenantfabric.model.placement.OccupancyIndex;
import io.tenantfabric.model.pool.PoolIndex;
import io.tenantfabric.model.topology.Fabric;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * This instance's placement and pool indexes, kept in memory across allocations so that one costs
 * the decision, not a reload of every busy GPU and live prefix. They are valid at one intent
 * version (V9: every change that placement or the pools depend on, in any instance, moves the
 * {@code intent_version} row to a value no other change ever gets); an allocation uses them only
 * when the locked row still has that version, else rebuilds them from the database, changes them in
 * place as it allocates, and hands them back at the version its own changes left on the row once it
 * commits. A rollback drops them. Used only under the fabric lock; the in-process lock here orders
 * the hand-back of one allocation before the next one's use.
 */
@Component
class PlacementIndexes {

  private static final long NONE = Long.MIN_VALUE;

  private final OccupancyReader occupancies;
  private final TenantPools pools;
  private final ReentrantLock inUse = new ReentrantLock();
  private long version = NONE;
  private OccupancyIndex occupancy;
  private PoolIndex poolIndex;
  private long rebuilds;

  PlacementIndexes(OccupancyReader occupancies, TenantPools pools) {
    this.occupancies = occupancies;
    this.pools = pools;
  }

  /** The indexes in one intent change, to change as it decides and close before it commits. */
  final class Lease {
    private final long openedAt;
    private long leftAt = NONE;
    private boolean touched;

    private Lease(long openedAt) {
      this.openedAt = openedAt;
    }

    /** The occupancy index; asking for it to record a decision marks the lease as changing it. */
    OccupancyIndex occupancy() {
      return occupancy;
    }

    PoolIndex pools() {
      return poolIndex;
    }

    /** The indexes are about to change: if this transaction then rolls back, they are dropped. */
    void changing() {
      touched = true;
    }

    /** What the indexes are valid at once the transaction ended with {@code status}. */
    private long afterCompletion(int status) {
      if (!touched) { // refusals or replays only, committed or not: nothing was recorded in them
        return openedAt;
      }
      return status == TransactionSynchronization.STATUS_COMMITTED ? leftAt : NONE;
    }

    /**
     * Call after the change's last write, with the version that write left (read by it: the caller
     * holds the version row's lock from its first write on, so nobody else moved it since); it is
     * the indexes' once committed.
     */
    void close(long version) {
      leftAt = version;
    }
  }

  /**
   * The read of the intent version row, as the next statement of {@code trip}: one after the fabric
   * lock's in the same trip, so that it reads the row as the lock holder sees it.
   */
  static RoundTrip.Answer<Long> version(RoundTrip trip) {
    return trip.query(
        "SELECT version FROM intent_version WHERE id = 1",
        p -> {},
        rs -> rs.next() ? rs.getLong(1) : NONE);
  }

  /**
   * The indexes for {@code fabric} at {@code current}, the row's version as read under the fabric
   * lock ({@link #version}), in the caller's transaction (which holds that lock). Until it ends
   * they belong to it.
   */
  Lease open(Fabric fabric, Instant now, long current) {
    if (!TransactionSynchronizationManager.isSynchronizationActive()) {
      throw new IllegalStateException("intent indexes need a transaction");
    }
    // after the fabric lock, never before: whoever holds that lock may be waiting for this one
    inUse.lock();
    Lease lease = new Lease(current);
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCompletion(int status) {
            try {
              version = lease.afterCompletion(status);
            } finally {
              inUse.unlock();
            }
          }
        });
    if (version != current || occupancy == null || occupancy.fabric() != fabric) {
      occupancy = OccupancyIndex.of(fabric, occupancies.current());
      poolIndex = pools.index(fabric, now);
      rebuilds++;
    }
    version = NONE; // in this transaction's hands: stale for anyone until it commits
    return lease;
  }

  /** How often the indexes were rebuilt from the database (for tests and metrics). */
  long rebuilds() {
    return rebuilds;
  }
}
