/**
 * NETCONF sessions: hello exchange, pipelined rpcs correlated by message-id, typed operations and a
 * pool that keeps one long-lived session per switch.
 */
package io.tenantfabric.southbound.session;
