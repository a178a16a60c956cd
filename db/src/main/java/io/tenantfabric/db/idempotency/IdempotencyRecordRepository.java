package io.tenantfabric.db.idempotency;

import org.springframework.data.jpa.repository.JpaRepository;

/** Idempotency records by (scope, key). */
public interface IdempotencyRecordRepository
    extends JpaRepository<IdempotencyRecordEntity, IdempotencyKey> {}
