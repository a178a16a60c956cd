package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.BoundAllocationRow;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.db.provisioning.TenantPoolRow;
import io.tenantfabric.model.topology.Fabric;
import java.util.List;
import java.util.Map;

/**
 * The intent one batch compiles from, its rows read in one consistent snapshot: the pending
 * switches with the generation each is brought to, the fabric, the bound allocations with a GPU on
 * a pending switch and their (live) tenants, and the pending switches' stored configs.
 */
record PendingIntent(
    List<PendingSwitch> pending,
    Fabric fabric,
    List<TenantPoolRow> tenants,
    List<BoundAllocationRow> allocations,
    Map<String, StoredConfig> configs) {}
