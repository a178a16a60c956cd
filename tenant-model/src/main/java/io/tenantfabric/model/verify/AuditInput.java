package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything the verifier looks at: the topology (for GPU names), every live tenant by name, the
 * audited switches, and {@code context}: the configs of managed switches outside the audit's scope
 * as last applied, so that a scoped audit still follows a segment across the whole fabric.
 */
public record AuditInput(
    Fabric fabric,
    Map<String, TenantIdentity> tenants,
    List<SwitchObservation> switches,
    Map<SwitchName, DeviceConfig> context) {

  public AuditInput {
    Objects.requireNonNull(fabric, "fabric");
    tenants = Map.copyOf(tenants);
    switches = List.copyOf(switches);
    context = Map.copyOf(new TreeMap<>(context));
  }
}
