package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.tenant.TenantPools;
import io.tenantfabric.model.placement.OccupancyIndex;
import io.tenantfabric.model.pool.PoolIndex;
import io.tenantfabric.model.topology.Fabric;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * This instance's placement and pool indexes, kept in memory across allocations so that one costs
 * the decision, not a reload of every busy GPU and live prefix. They are valid at one intent
 * version (V9: every change that placement or the pools depend on, in any instance, moves the
 * fabric row's {@code intent_version} to a value no other change ever gets); an allocation uses
 * them only when the locked row still has that version, else rebuilds them from the database,
 * changes them in place as it allocates, and hands them back at the version its own changes left on
 * the row once it commits. A rollback drops them. Used only under the fabric lock; the in-process
 * lock here orders the hand-back of one allocation before the next one's use.
 */
@Component
class IntentIndexes {

  private static final long NONE = Long.MIN_VALUE;

  private final OccupancyReader occupancies;
  private final TenantPools pools;
  private final JdbcTemplate jdbc;
  private final ReentrantLock inUse = new ReentrantLock();
  private long version = NONE;
  private OccupancyIndex occupancy;
  private PoolIndex poolIndex;
  private long rebuilds;

  IntentIndexes(OccupancyReader occupancies, TenantPools pools, JdbcTemplate jdbc) {
    this.occupancies = occupancies;
    this.pools = pools;
    this.jdbc = jdbc;
  }

  /** The indexes in one intent change, to change as it decides and close before it commits. */
  final class Lease {
    private long leftAt = NONE;

    OccupancyIndex occupancy() {
      return occupancy;
    }

    PoolIndex pools() {
      return poolIndex;
    }

    /** Call after the change's last write: the version it left is the indexes' once committed. */
    void close() {
      leftAt = rowVersion();
    }
  }

  /**
   * The indexes for {@code fabric} at the row's version, in the caller's transaction (which holds
   * the fabric lock). Until it ends they belong to it.
   */
  Lease open(Fabric fabric, Instant now) {
    if (!TransactionSynchronizationManager.isSynchronizationActive()) {
      throw new IllegalStateException("intent indexes need a transaction");
    }
    inUse.lock();
    Lease lease = new Lease();
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCompletion(int status) {
            try {
              version = status == STATUS_COMMITTED ? lease.leftAt : NONE;
            } finally {
              inUse.unlock();
            }
          }
        });
    long current = rowVersion();
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

  private long rowVersion() {
    Long v = jdbc.queryForObject("SELECT intent_version FROM fabric", Long.class);
    return v == null ? NONE : v;
  }
}
