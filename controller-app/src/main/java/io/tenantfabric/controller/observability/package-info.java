/**
 * What an operator watches: Prometheus metrics of our own (allocation to ACTIVE, device
 * transactions, batches, pending switches, drift and isolation findings, NETCONF sessions) and the
 * {@code fabric} and {@code provisioner} health details, which report but never fail readiness.
 */
package io.tenantfabric.controller.observability;
