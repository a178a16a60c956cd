/**
 * Reconcile on demand: an operator asks for the whole fabric or one switch to be read and compared
 * with its intent (policy {@code repair} or {@code report}), waits for the run ({@code ?wait=}) or
 * polls it. The provisioning leader runs it ({@code provision.Reconciler}); this package records
 * the request and shows the run.
 */
package io.tenantfabric.controller.reconcile;
