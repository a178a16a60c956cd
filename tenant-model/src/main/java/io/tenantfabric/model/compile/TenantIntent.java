package io.tenantfabric.model.compile;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.tenant.TenantName;

/**
 * A live tenant as the compiler sees it; {@code vni} and {@code prefix} are null while the tenant
 * has not been given them yet (only an allocation needs them). The name follows {@link TenantName}.
 */
public record TenantIntent(String name, Vni vni, Ipv4Prefix prefix) {

  public TenantIntent {
    new TenantName(name);
  }

  /** Whether the tenant has both its VNI and its prefix. */
  public boolean isAddressed() {
    return vni != null && prefix != null;
  }
}
