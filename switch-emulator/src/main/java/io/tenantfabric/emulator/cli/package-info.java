/**
 * Comware CLI over NETCONF: parses the commands the driver sends into the datastore tables and
 * echoes like a device.
 */
package io.tenantfabric.emulator.cli;
