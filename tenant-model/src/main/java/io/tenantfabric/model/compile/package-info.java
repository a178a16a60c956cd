/**
 * The intent compiler: a {@link io.tenantfabric.model.compile.FabricSnapshot} (fabric, tenants,
 * live allocations, profile) becomes one {@link io.tenantfabric.model.device.DeviceConfig} per
 * switch, as a pure, deterministic function.
 */
package io.tenantfabric.model.compile;
