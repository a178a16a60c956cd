/**
 * NETCONF over SSH: framing, messages, transport, sessions, the Comware driver and device
 * transactions.
 */
package io.tenantfabric.southbound;
