package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.idempotency.IdempotencyProperties;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.idempotency.IdempotencyKey;
import io.tenantfabric.db.idempotency.IdempotencyRecordEntity;
import io.tenantfabric.db.idempotency.IdempotencyRecordRepository;
import io.tenantfabric.model.tenant.TenantName;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The replies of allocations made with an {@code Idempotency-Key}: each stored with its key, in the
 * allocation's transaction, and replayed byte for byte to a retry with the same body until the
 * record expires ({@code fabric.idempotency.ttl}); the same key with another body is refused.
 */
@Component
class IdempotentReplies {

  private final IdempotencyRecordRepository idempotency;
  private final Duration ttl;

  IdempotentReplies(IdempotencyRecordRepository idempotency, IdempotencyProperties properties) {
    this.idempotency = idempotency;
    this.ttl = properties.ttl();
  }

  /**
   * The stored reply to {@code key} as its replay, if one is stored and unexpired at {@code now};
   * refused when it was stored for another body ({@code hash}). An expired record is dropped.
   */
  Optional<Reply> replay(
      IdempotencyKey key, TenantName tenant, long tenantId, String hash, Instant now) {
    Optional<IdempotencyRecordEntity> prior = idempotency.findById(key);
    if (prior.isPresent() && !prior.get().isExpiredAt(now)) {
      return Optional.of(replay(prior.get(), tenant, tenantId, hash));
    }
    // an expired record is a new request: drop it so that this answer can take its key
    prior.ifPresent(
        p -> {
          idempotency.delete(p);
          idempotency.flush();
        });
    return Optional.empty();
  }

  /** Stores {@code reply}, a JSON body, as the answer to {@code key} for the body {@code hash}. */
  void record(IdempotencyKey key, String hash, Reply reply, Instant now) {
    idempotency.save(
        new IdempotencyRecordEntity(
            key,
            hash,
            reply.status(),
            reply.location(),
            "application/json",
            reply.body(),
            now,
            now.plus(ttl)));
  }

  private Reply replay(
      IdempotencyRecordEntity prior, TenantName tenant, long tenantId, String hash) {
    if (!prior.requestHash().equals(hash)) {
      throw keyReused(tenant, tenantId, prior.location().orElse("-"));
    }
    return new Reply(
        prior.responseStatus(), prior.location().orElse(null), prior.responseBody(), true);
  }

  /** The refusal of a key first used, at {@code firstLocation}, with another body. */
  static Rejection keyReused(TenantName tenant, long tenantId, String firstLocation) {
    return new Rejection(
        new AuditRecord(
            "allocation.create",
            "allocation",
            firstLocation,
            tenant.value(),
            tenantId,
            AuditOutcome.REJECTED,
            Map.of("reason", "idempotency key reused with another body")),
        Refusal.unprocessable(
                "Idempotency key reused",
                "This Idempotency-Key was first used with a different request body; use a new"
                    + " key for a different request.")
            .field("Idempotency-Key"));
  }
}
