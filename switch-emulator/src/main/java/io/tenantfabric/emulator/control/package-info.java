/**
 * The loopback HTTP control API of the emulator (devices, running config, faults, stop/start,
 * out-of-band CLI).
 */
package io.tenantfabric.emulator.control;
