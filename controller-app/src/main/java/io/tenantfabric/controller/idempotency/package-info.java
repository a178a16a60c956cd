/** Idempotency-Key records: how long they are replayed, and the job that drops expired ones. */
package io.tenantfabric.controller.idempotency;
