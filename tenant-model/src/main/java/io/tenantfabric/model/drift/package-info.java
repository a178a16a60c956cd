/**
 * Drift: what a switch runs against what it should run, object by object (baseline, VSI, port,
 * extra on a port, ACL), attributed to the tenant it concerns, as a pure comparison of two {@code
 * DeviceConfig}s.
 */
package io.tenantfabric.model.drift;
