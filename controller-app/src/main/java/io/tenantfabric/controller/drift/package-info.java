/**
 * Drift as the API shows it: the items a reconcile run found on a switch (missing, extra,
 * conflicting, with the lines on each side), as stored (JSON) and as returned. A leaf package that
 * the fabric, device and reconcile views share.
 */
package io.tenantfabric.controller.drift;
