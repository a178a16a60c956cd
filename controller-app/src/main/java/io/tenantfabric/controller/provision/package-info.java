/**
 * Provisioning: turns intent in PostgreSQL into verified switch configuration, in network-wide
 * two-phase batches with group commit; wakes on PostgreSQL notifications; survives a crash.
 */
package io.tenantfabric.controller.provision;
