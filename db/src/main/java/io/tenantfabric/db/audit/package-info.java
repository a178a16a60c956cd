/** Persistence of the insert-only, hash-chained audit trail (the chain itself is kept by SQL). */
package io.tenantfabric.db.audit;
