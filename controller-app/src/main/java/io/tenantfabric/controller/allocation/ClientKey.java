package io.tenantfabric.controller.allocation;

/**
 * An {@code Idempotency-Key} as the client sent it and the scope it is unique in within its tenant
 * (the operation and the caller's role, so that the portal's and an operator's keys never collide).
 * The tenant's id completes it once the use case has resolved the tenant.
 */
record ClientKey(String scope, String key) {}
