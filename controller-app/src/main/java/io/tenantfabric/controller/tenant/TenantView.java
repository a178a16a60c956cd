package io.tenantfabric.controller.tenant;

import io.tenantfabric.db.tenant.TenantEntity;
import java.time.Instant;

/** A tenant as the API shows it: quota, live GPUs, and its VNI and prefix once assigned. */
record TenantView(
    String name,
    String displayName,
    int gpuQuota,
    long liveGpus,
    Integer vni,
    String prefix,
    String vsiName,
    Instant createdAt) {

  static TenantView of(TenantEntity t, long liveGpus) {
    return new TenantView(
        t.name(),
        t.displayName(),
        t.gpuQuota(),
        liveGpus,
        t.vni().orElse(null),
        t.prefix().orElse(null),
        vsiName(t.name()),
        t.createdAt());
  }

  /** A tenant just created: no pools and no GPUs yet. */
  static TenantView created(String name, String displayName, int gpuQuota, Instant createdAt) {
    return new TenantView(name, displayName, gpuQuota, 0, null, null, vsiName(name), createdAt);
  }

  private static String vsiName(String tenant) {
    return "t-" + tenant;
  }
}
