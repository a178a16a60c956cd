/** What makes one emulated switch or server NIC distinct: serial numbers and MAC addresses. */
package io.tenantfabric.emulator.identity;
