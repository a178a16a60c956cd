/**
 * Intent changes: one transaction each with the intent timeouts, retried when PostgreSQL picks it
 * as a deadlock victim, and a refusal audited after its rollback ({@link
 * io.tenantfabric.controller.intent.Rejection}).
 */
package io.tenantfabric.controller.intent;
