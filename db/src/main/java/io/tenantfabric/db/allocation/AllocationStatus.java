package io.tenantfabric.db.allocation;

import java.util.EnumSet;
import java.util.Set;

/** The life cycle of an allocation as stored; the live ones hold their GPUs. */
public enum AllocationStatus {
  PROVISIONING,
  ACTIVE,
  FAILED,
  RELEASING,
  RELEASED;

  /** The statuses in which an allocation holds its GPUs (the partial unique index's predicate). */
  public static final Set<AllocationStatus> LIVE = EnumSet.of(PROVISIONING, ACTIVE, RELEASING);

  public boolean isLive() {
    return LIVE.contains(this);
  }
}
