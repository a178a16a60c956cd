package io.tenantfabric.model.topology;

/** A leaf downlink port split 1:2 into two 200G sub-ports; the GPU behind it uses sub-port 1. */
public record BreakoutPort(String leaf, int port) {}
