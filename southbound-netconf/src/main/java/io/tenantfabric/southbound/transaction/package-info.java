/**
 * Device transactions: the commit protocol chosen from a switch's capabilities (Comware save-point
 * or RFC 6241 candidate with confirmed commit) around the Comware driver's reads and edits, with a
 * prepare/confirm/abort split for a network-wide two-phase commit (architecture.md section 4,
 * comware-netconf.md sections 2.6, 2.7 and 8).
 */
package io.tenantfabric.southbound.transaction;
