package io.tenantfabric.controller.tenant;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.ApiLimits;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.model.tenant.TenantName;
import java.time.Instant;

/** A tenant as the API shows it: quota, live GPUs, and its VNI and prefix once assigned. */
@Schema(
    name = "Tenant",
    description = "A tenant: its quota, live GPUs and, once assigned, VNI and prefix")
record TenantView(
    @Schema(minLength = 3, maxLength = 29, pattern = TenantName.REGEX, example = "acme")
        String name,
    @Schema(maxLength = 200) String displayName,
    @Schema(minimum = "1", maximum = ApiLimits.MAX_GPUS_TEXT) int gpuQuota,
    @Schema(format = "int32", minimum = "0", maximum = ApiLimits.MAX_GPUS_TEXT) long liveGpus,
    @Schema(
            nullable = true,
            minimum = "1",
            maximum = "16777215",
            description = "The tenant's VXLAN VNI; null until its first allocation")
        Integer vni,
    @Schema(
            nullable = true,
            maxLength = 43,
            description = "The tenant's IP prefix; null until its first allocation")
        String prefix,
    @Schema(maxLength = 31, description = "The VSI carrying the tenant on the switches")
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
