/**
 * Reconcile: an operator asks for the whole fabric or one switch to be read and compared with its
 * intent (policy {@code repair} or {@code report}), waits for the run ({@code ?wait=}) or polls it,
 * and runs are also scheduled. The provisioning leader runs them between its batches ({@link
 * Reconciler}, the provisioner's {@code BetweenBatches}); this package depends on {@code
 * provision}, never the reverse.
 */
package io.tenantfabric.controller.reconcile;
