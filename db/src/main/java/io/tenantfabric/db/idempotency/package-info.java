/** Persistence of Idempotency-Key records: the first response to a key, replayed on retries. */
package io.tenantfabric.db.idempotency;
