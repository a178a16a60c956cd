/**
 * Device transactions: the commit protocol chosen from a switch's capabilities (Comware save-point
 * or RFC 6241 candidate with confirmed commit) around the Comware driver's reads and edits, with a
 * prepare/confirm/abort split for a network-wide two-phase commit (provisioning.md;
 * comware-facts.md sections 2.6 and 2.7).
 */
package io.tenantfabric.southbound.transaction;
