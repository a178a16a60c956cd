package io.tenantfabric.model.placement;

import io.tenantfabric.model.tenant.TenantName;

/** A tenant never holds more live GPUs than its quota. */
public final class QuotaPolicy {

  private QuotaPolicy() {}

  /**
   * Passes if {@code alreadyLive + requested <= quota}; throws {@link QuotaExceededException}
   * otherwise, and {@link IllegalArgumentException} for a non-positive request or negative counts.
   */
  public static void check(TenantName tenant, int quota, int alreadyLive, int requested) {
    if (requested < 1) {
      throw new IllegalArgumentException("requested GPUs must be at least 1, was " + requested);
    }
    if (quota < 0 || alreadyLive < 0) {
      throw new IllegalArgumentException(
          "quota and live GPU counts must be >= 0, were " + quota + " and " + alreadyLive);
    }
    if ((long) alreadyLive + requested > quota) {
      throw new QuotaExceededException(tenant, quota, alreadyLive, requested);
    }
  }
}
