/**
 * Persistence of provisioning, in JDBC only (set-based statements, several of them on hot paths):
 * the generations intent changes raise and allocations wait for ({@link IntentGenerations}), the
 * rows a batch compiles from ({@link SnapshotReads}), the batches in flight ({@link BatchLog}),
 * what each switch applied, failed and saved ({@link SwitchStates}), device views and reconcile
 * runs.
 */
package io.tenantfabric.db.provisioning;
