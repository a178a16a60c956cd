package io.tenantfabric.model.compile;

import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.PortName;

/** One allocated GPU's leaf port, with the tenant and allocation it is bound for. */
record BoundPort(PortName port, GpuId gpu, TenantIntent tenant, String allocation) {}
