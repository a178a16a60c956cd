package io.tenantfabric.controller.idempotency;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.idempotency.IdempotencyRecordEntity;
import io.tenantfabric.db.idempotency.IdempotencyRecordRepository;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The first answers to requests made with an {@code Idempotency-Key}, for every operation that
 * honours one: each stored with its key in the transaction of the change it answers, and replayed
 * byte for byte to a retry of the same request until the record expires ({@code
 * fabric.idempotency.ttl}); the same key with another request is refused. Both run in the caller's
 * transaction, after the lock that orders the operation's requests for one target, so that of two
 * requests with one key the second sees the first's record.
 */
@Component
public class IdempotentReplies {

  /** What a keyed request names: its audit target, and its tenant (by id once one is live). */
  public record Target(String target, String tenant, Long tenantId) {}

  private final IdempotencyRecordRepository idempotency;
  private final Duration ttl;

  IdempotentReplies(IdempotencyRecordRepository idempotency, IdempotencyProperties properties) {
    this.idempotency = idempotency;
    this.ttl = properties.ttl();
  }

  /**
   * The stored answer to {@code key} as its replay, if one is stored and unexpired at {@code now};
   * refused (a {@link Rejection}, 422) when it was stored for another request: another {@code
   * hash}, or another tenant than the live one {@code target} names. An expired record is dropped,
   * so that this request takes its key.
   */
  public Optional<Reply> replay(ClientKey key, String hash, Target target, Instant now) {
    Optional<IdempotencyRecordEntity> prior = idempotency.findById(key.stored());
    if (prior.isPresent() && !prior.get().isExpiredAt(now)) {
      IdempotencyRecordEntity p = prior.get();
      // the id as well as the hash: a name in a path may be another tenant's than it was
      if (!p.requestHash().equals(hash)
          || (target.tenantId() != null && p.tenantId() != target.tenantId())) {
        // the audit names what the key was first used for where its answer says so
        throw keyReused(
            key,
            new Target(p.location().orElse(target.target()), target.tenant(), target.tenantId()));
      }
      String body = p.responseBody().isEmpty() ? null : p.responseBody();
      return Optional.of(new Reply(p.responseStatus(), p.location().orElse(null), body, true));
    }
    prior.ifPresent(
        p -> {
          idempotency.delete(p);
          idempotency.flush();
        });
    return Optional.empty();
  }

  /**
   * Stores {@code reply} as the first answer to {@code key} for the request {@code hash}, about
   * tenant {@code tenantId}, at once: a concurrent first answer to the same key makes this fail
   * with a unique violation, which rolls the change back with it.
   */
  public void record(ClientKey key, String hash, long tenantId, Reply reply, Instant now) {
    boolean hasBody = reply.body() != null;
    idempotency.saveAndFlush(
        new IdempotencyRecordEntity(
            key.stored(),
            tenantId,
            hash,
            reply.status(),
            reply.location(),
            hasBody ? "application/json" : "",
            hasBody ? reply.body() : "",
            now,
            now.plus(ttl)));
  }

  /** The refusal of {@code key}, first used for another request than this one on {@code target}. */
  public static Rejection keyReused(ClientKey key, Target target) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("reason", "idempotency key reused with another request");
    details.put("idempotencyKey", key.key());
    return new Rejection(
        new AuditRecord(
            key.operation().scope(),
            key.operation().targetType(),
            target.target(),
            target.tenant(),
            target.tenantId(),
            AuditOutcome.REJECTED,
            details),
        Refusal.unprocessable(
                "Idempotency key reused",
                "This Idempotency-Key was first used with a different request (another body or"
                    + " another target); use a new key for a different request.")
            .field(ClientKey.HEADER));
  }
}
