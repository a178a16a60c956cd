/**
 * Pure NETCONF protocol code without I/O: RFC 6242 framing, hello negotiation, message-id
 * correlation, rpc-error parsing and hardened XML.
 */
package io.tenantfabric.southbound.protocol;
