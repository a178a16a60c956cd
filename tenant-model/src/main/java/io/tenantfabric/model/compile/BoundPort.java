package io.tenantfabric.model.compile;

import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.PortName;

/** One allocated GPU's leaf port and the tenant it is bound for. */
record BoundPort(PortName port, GpuId gpu, TenantIntent tenant) {}
