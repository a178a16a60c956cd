/**
 * The allocation API: place GPUs for a tenant in one serialised transaction, honour
 * Idempotency-Key, read and release.
 */
package io.tenantfabric.controller.allocation;
