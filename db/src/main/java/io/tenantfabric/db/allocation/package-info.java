/**
 * Persistence of GPU allocations and their membership (a GPU is in at most one live allocation).
 */
package io.tenantfabric.db.allocation;
