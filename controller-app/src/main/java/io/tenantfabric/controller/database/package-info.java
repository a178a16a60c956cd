/**
 * The service's side of the two database roles: validate the schema and refuse a privileged
 * connection at start-up; the separate {@code --migrate} step that runs the migrations as owner.
 */
package io.tenantfabric.controller.database;
