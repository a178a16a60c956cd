/** A NETCONF client benchmark against the in-process emulator (a main class, not a test). */
package io.tenantfabric.southbound.bench;
