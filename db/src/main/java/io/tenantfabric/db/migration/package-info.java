/**
 * Runs the schema migrations as the schema owner and validates the schema for the runtime role; the
 * two database roles of docs/security.md ("Database roles").
 */
package io.tenantfabric.db.migration;
