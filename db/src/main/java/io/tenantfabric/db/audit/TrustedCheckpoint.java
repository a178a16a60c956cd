package io.tenantfabric.db.audit;

/**
 * A checkpoint the owner's function wrote (listed in {@code audit_checkpoints}): event {@code
 * eventId} vouches that the chain through event {@code throughId} was intact when it was written,
 * and that {@code throughId} then had {@code throughHash}.
 */
public record TrustedCheckpoint(long eventId, long throughId, String throughHash) {}
