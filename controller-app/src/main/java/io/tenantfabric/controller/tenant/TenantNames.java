package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.model.tenant.TenantName;

/** Validates a tenant name from a path or body through tenant-model's {@link TenantName}. */
public final class TenantNames {

  private TenantNames() {}

  /** The validated name, or a 400 problem naming {@code field}. */
  public static TenantName parse(String raw, String field) {
    try {
      return new TenantName(raw);
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid(
              "Invalid tenant name",
              "A tenant name is 3 to 29 characters: a lower-case letter, then lower-case letters,"
                  + " digits or dashes, ending in a letter or digit.")
          .field(field);
    }
  }
}
