/** GPU placement: which free GPUs a tenant's allocation gets, and the per-tenant quota rule. */
package io.tenantfabric.model.placement;
