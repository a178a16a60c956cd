package io.tenantfabric.model.verify;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import java.util.Objects;

/** What identifies a tenant on the wire: its name (VSI {@code t-<name>}), its VNI and prefix. */
public record TenantIdentity(String name, Vni vni, Ipv4Prefix prefix) {
  public TenantIdentity {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(vni, "vni");
    Objects.requireNonNull(prefix, "prefix");
  }
}
