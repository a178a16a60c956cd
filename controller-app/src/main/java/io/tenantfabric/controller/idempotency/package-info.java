/**
 * Idempotency-Key on the operations a portal retries: the key of a request, the first answers
 * stored and replayed, how long they are kept, and the job that drops expired ones.
 */
package io.tenantfabric.controller.idempotency;
