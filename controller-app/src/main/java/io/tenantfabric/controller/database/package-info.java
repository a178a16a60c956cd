/**
 * The service's side of the two database roles: validate the schema and refuse a privileged
 * connection at start-up; the pool's view of a server that stopped being the primary; the separate
 * {@code --migrate} step that runs the migrations as owner.
 */
package io.tenantfabric.controller.database;
