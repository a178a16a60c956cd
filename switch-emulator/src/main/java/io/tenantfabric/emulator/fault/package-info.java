/** The faults an emulated switch can be told to show, and how often; a leaf of the emulator. */
package io.tenantfabric.emulator.fault;
