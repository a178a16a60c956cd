/**
 * SSH transport for NETCONF: the {@code netconf} subsystem over Apache MINA SSHD on Netty, host-key
 * policies, authentication, TCP_NODELAY and keepalive.
 */
package io.tenantfabric.southbound.transport;
