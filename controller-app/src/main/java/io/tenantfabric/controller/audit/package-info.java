/**
 * The append-only, hash-chained audit trail: recording events, listing them, verifying the chain.
 */
package io.tenantfabric.controller.audit;
