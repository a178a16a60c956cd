/**
 * What a Comware switch reports about itself, read for the fabric's lifecycle checks: its identity,
 * its LLDP neighbours and link states, and its day-0 configuration, parsed into the pure types of
 * {@code io.tenantfabric.model.lifecycle}; every read is one round trip.
 */
package io.tenantfabric.southbound.comware.lifecycle;
