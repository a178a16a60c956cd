package io.tenantfabric.controller.audit;

import io.tenantfabric.db.audit.AuditChainRow;
import io.tenantfabric.db.audit.AuditEventRepository;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Walks a stretch of the chain in id order, {@link #PAGE} rows per query (keyset, never the whole
 * table in memory): each event's prev_hash must equal the previous event's stored hash, and its
 * stored hash must equal the hash of its canonical form recomputed here. Stops at the first event
 * where either fails. Runs inside the caller's transaction, so that one walk reads one snapshot.
 */
@Component
class ChainWalk {

  static final int PAGE = 500;

  private final AuditEventRepository events;

  ChainWalk(AuditEventRepository events) {
    this.events = events;
  }

  /**
   * Walks the events after {@code afterId} up to and including {@code throughId} ({@link
   * Long#MAX_VALUE} for the end of the chain); the first must link to {@code previousHash}.
   */
  Result walk(long afterId, String previousHash, long throughId) {
    return walk(afterId, previousHash, throughId, events::chainAfter);
  }

  /** As {@link #walk(long, String, long)}, reading each page from {@code pages}. */
  Result walk(long afterId, String previousHash, long throughId, Pages pages) {
    long checked = 0;
    long lastId = afterId;
    String lastHash = previousHash;
    while (true) {
      List<AuditChainRow> page = pages.after(lastId, PAGE);
      for (AuditChainRow row : page) {
        if (row.id() > throughId) {
          return Result.intact(checked, lastId, lastHash);
        }
        if (!lastHash.equals(row.prevHash())) {
          return Result.broken(
              checked,
              lastId,
              lastHash,
              new ChainVerification.BrokenEvent(
                  row.id(),
                  "prev_hash does not match the hash of the previous event",
                  lastHash,
                  row.prevHash()));
        }
        String expected = AuditCanonicalForm.hash(row);
        if (!expected.equals(row.hash())) {
          return Result.broken(
              checked,
              lastId,
              lastHash,
              new ChainVerification.BrokenEvent(
                  row.id(),
                  "stored hash does not match the event's content",
                  expected,
                  row.hash()));
        }
        checked++;
        lastHash = row.hash();
        lastId = row.id();
      }
      if (page.size() < PAGE || lastId >= throughId) {
        return Result.intact(checked, lastId, lastHash);
      }
    }
  }

  /** Where a walk reads its pages: the next {@code size} events after {@code afterId}. */
  @FunctionalInterface
  interface Pages {
    List<AuditChainRow> after(long afterId, int size);
  }

  /**
   * How far a walk got: the events checked, the last intact one (its id and hash; the start when
   * none was) and, when the walk stopped at one, the first broken event.
   */
  record Result(long checked, long lastId, String lastHash, ChainVerification.BrokenEvent broken) {

    static Result intact(long checked, long lastId, String lastHash) {
      return new Result(checked, lastId, lastHash, null);
    }

    static Result broken(
        long checked, long lastId, String lastHash, ChainVerification.BrokenEvent broken) {
      return new Result(checked, lastId, lastHash, broken);
    }

    boolean intact() {
      return broken == null;
    }
  }
}
