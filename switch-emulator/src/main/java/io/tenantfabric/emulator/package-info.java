/** An emulated fabric of H3C S9825-64D switches speaking NETCONF over SSH. */
package io.tenantfabric.emulator;
