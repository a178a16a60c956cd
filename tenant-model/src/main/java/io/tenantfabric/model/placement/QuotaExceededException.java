package io.tenantfabric.model.placement;

import io.tenantfabric.model.tenant.TenantName;

/** A request would take a tenant past its GPU quota; carries quota, live and requested counts. */
public class QuotaExceededException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient TenantName tenant;
  private final int quota;
  private final int live;
  private final int requested;

  public QuotaExceededException(TenantName tenant, int quota, int live, int requested) {
    super(
        "tenant "
            + tenant
            + " has a quota of "
            + quota
            + " GPUs with "
            + live
            + " live; "
            + requested
            + " more requested, at most "
            + Math.max(0, quota - live)
            + " allowed");
    this.tenant = tenant;
    this.quota = quota;
    this.live = live;
    this.requested = requested;
  }

  public TenantName tenant() {
    return tenant;
  }

  public int quota() {
    return quota;
  }

  public int live() {
    return live;
  }

  public int requested() {
    return requested;
  }
}
