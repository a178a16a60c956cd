/**
 * One emulated switch: datastores, sessions, locks, save-points, confirmed commits, faults,
 * lifecycle.
 */
package io.tenantfabric.emulator.device;
