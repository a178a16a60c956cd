package io.tenantfabric.controller.operation;

import io.tenantfabric.model.topology.FabricSpec;

/**
 * What a GROWTH operation stores as its request: the spec grown from (the fabric as it was planned;
 * applying checks it is still the fabric's), the spec grown to, the preset asked for (if any), and
 * the plan with its steps. No secret: the new switches' inventory is kept apart.
 */
public record StoredGrowth(FabricSpec from, FabricSpec to, String preset, GrowthPlanView plan) {}
