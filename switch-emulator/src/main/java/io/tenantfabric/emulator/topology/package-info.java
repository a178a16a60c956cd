/** Which switches to emulate: names, roles and port names, taken from the tenant-model presets. */
package io.tenantfabric.emulator.topology;
