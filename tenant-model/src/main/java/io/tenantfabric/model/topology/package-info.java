/**
 * Fabric topology: switches, ports, links, GPU servers and GPUs built and validated from a {@link
 * io.tenantfabric.model.topology.FabricSpec}, and the named presets.
 */
package io.tenantfabric.model.topology;
