package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.audit.AuditChainRow;
import io.tenantfabric.db.audit.AuditEventRepository;
import java.util.Optional;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Re-walks the chain in id order with {@link ChainWalk}: each event's prev_hash must equal the
 * previous event's stored hash, and its stored hash must equal the hash of its canonical form
 * recomputed here. Reports the first event where either fails.
 *
 * <p>By default the walk starts at the latest trusted checkpoint: an {@code audit.checkpoint} event
 * that the owner's function appended for {@link AuditCheckpoints} after walking the stretch it
 * vouches for, listed where the runtime role cannot write (migration V15). An {@code
 * audit.checkpoint} event written any other way is an ordinary event here. The checkpoint names the
 * last event it verified, below its own id, and that event's hash: that event must still have that
 * hash, and everything after it is walked, the checkpoint event included, so rewriting a checkpoint
 * breaks the chain. {@code full} walks from the first event.
 */
@Component
class VerifyAuditChain {

  private final AuditEventRepository events;
  private final ChainWalk chain;
  private final Transactions tx;
  private final JsonMapper json;

  VerifyAuditChain(AuditEventRepository events, ChainWalk chain, Transactions tx, JsonMapper json) {
    this.events = events;
    this.chain = chain;
    this.tx = tx;
    this.json = json;
  }

  ChainVerification verify(boolean full) {
    return full ? tx.longRead(this::walkAll) : tx.longRead(this::walkFromCheckpoint);
  }

  private ChainVerification walkAll() {
    return walk(
        new ChainVerification.Start(ChainVerification.FULL, null, 0, AuditCanonicalForm.GENESIS));
  }

  private ChainVerification walkFromCheckpoint() {
    Optional<Long> checkpointId = events.latestTrustedCheckpointId();
    if (checkpointId.isEmpty()) {
      return walkAll();
    }
    long id = checkpointId.get();
    AuditChainRow checkpoint = events.chainRow(id).orElseThrow();
    ChainVerification.Start unreadable =
        new ChainVerification.Start(ChainVerification.FROM_CHECKPOINT, id, id - 1, null);
    // trust what the checkpoint says only once its own content matches its hash
    String checkpointHash = AuditCanonicalForm.hash(checkpoint);
    if (!checkpointHash.equals(checkpoint.hash())) {
      return ChainVerification.broken(
          unreadable,
          0,
          new ChainVerification.BrokenEvent(
              id,
              "stored hash does not match the checkpoint event's content",
              checkpointHash,
              checkpoint.hash()));
    }
    Optional<Checkpoint> recorded =
        isCheckpoint(checkpoint)
            ? Checkpoint.read(checkpoint.details(), json).filter(c -> c.throughId() < id)
            : Optional.empty();
    if (recorded.isEmpty()) {
      return ChainVerification.broken(
          unreadable,
          0,
          new ChainVerification.BrokenEvent(
              id, "checkpoint event does not name a verified event and hash", null, null));
    }
    Checkpoint c = recorded.get();
    ChainVerification.Start start =
        new ChainVerification.Start(
            ChainVerification.FROM_CHECKPOINT, id, c.throughId(), c.throughHash());
    Optional<AuditChainRow> through = events.chainRow(c.throughId());
    if (through.isEmpty() || !c.throughHash().equals(through.get().hash())) {
      return ChainVerification.broken(
          start,
          0,
          new ChainVerification.BrokenEvent(
              c.throughId(),
              "event differs from what checkpoint " + id + " recorded",
              c.throughHash(),
              through.map(AuditChainRow::hash).orElse(null)));
    }
    String recomputed = AuditCanonicalForm.hash(through.get());
    if (!recomputed.equals(through.get().hash())) {
      return ChainVerification.broken(
          start,
          0,
          new ChainVerification.BrokenEvent(
              c.throughId(),
              "stored hash does not match the event's content",
              recomputed,
              through.get().hash()));
    }
    return walk(start);
  }

  // what the owner's function writes; anything else listed as a checkpoint is not one
  private static boolean isCheckpoint(AuditChainRow row) {
    return AuditEventRepository.CHECKPOINT_ACTION.equals(row.action())
        && DatabaseAuditTrail.SYSTEM_ROLE.equals(row.actorRole());
  }

  private ChainVerification walk(ChainVerification.Start start) {
    ChainWalk.Result r = chain.walk(start.afterId(), start.hash(), Long.MAX_VALUE);
    if (!r.intact()) {
      return ChainVerification.broken(start, r.checked(), r.broken());
    }
    // nothing to report as the last event when an empty walk started before the first one
    boolean walked = r.checked() > 0 || start.afterId() > 0;
    return ChainVerification.intact(
        start, r.checked(), walked ? r.lastId() : null, walked ? r.lastHash() : null);
  }

  /** What a checkpoint event records: the last event verified and its hash. */
  record Checkpoint(long throughId, String throughHash) {

    static Optional<Checkpoint> read(String details, JsonMapper json) {
      try {
        JsonNode d = json.readTree(details);
        JsonNode id = d.get("throughId");
        JsonNode hash = d.get("throughHash");
        if (id == null || !id.canConvertToLong() || hash == null || !hash.isString()) {
          return Optional.empty();
        }
        return Optional.of(new Checkpoint(id.asLong(), hash.asString()));
      } catch (RuntimeException e) {
        return Optional.empty();
      }
    }
  }
}
