/**
 * Per-switch views: one switch with its ports and who holds them, its intended, running and cached
 * config, and the plan of the change its next transaction would send. Read-only.
 */
package io.tenantfabric.controller.device;
