/**
 * Drift as the API shows it: the items a reconcile run found on a switch (missing, extra,
 * conflicting, with each side as its line in the switch's terms), as stored (JSON) and as returned.
 * A leaf package that the fabric, device and reconcile views share.
 */
package io.tenantfabric.controller.drift;
