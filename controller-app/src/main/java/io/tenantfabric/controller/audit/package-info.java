/**
 * The append-only, hash-chained audit trail: recording events, listing them, verifying the chain,
 * its head and receipts checked against it.
 */
package io.tenantfabric.controller.audit;
