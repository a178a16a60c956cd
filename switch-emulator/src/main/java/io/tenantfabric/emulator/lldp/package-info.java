/** LLDP as the switches see it: what a port's far end advertises, and the neighbours learnt. */
package io.tenantfabric.emulator.lldp;
