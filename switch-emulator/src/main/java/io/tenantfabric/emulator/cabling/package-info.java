/** The fabric's cables between switch ports and server NICs, and the servers at their ends. */
package io.tenantfabric.emulator.cabling;
