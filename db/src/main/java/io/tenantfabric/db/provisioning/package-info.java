/**
 * Persistence of provisioning: pending switches and their inventory, the snapshot rows the compiler
 * needs, verified configs, batches, and the set-based state changes that end a batch.
 */
package io.tenantfabric.db.provisioning;
