package io.tenantfabric.controller.audit;

import io.tenantfabric.db.audit.AuditChainRow;
import io.tenantfabric.db.audit.AuditEventRepository;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Re-walks the chain in id order, a page at a time: each event's prev_hash must equal the previous
 * event's stored hash, and its stored hash must equal the hash of its canonical form recomputed
 * here. Reports the first event where either fails.
 */
@Component
class VerifyAuditChain {

  static final int PAGE = 500;

  private final AuditEventRepository events;

  VerifyAuditChain(AuditEventRepository events) {
    this.events = events;
  }

  @Transactional(readOnly = true)
  ChainVerification verify() {
    long checked = 0;
    long afterId = 0;
    String previousHash = AuditCanonicalForm.GENESIS;
    while (true) {
      List<AuditChainRow> page = events.chainAfter(afterId, PAGE);
      for (AuditChainRow row : page) {
        if (!previousHash.equals(row.prevHash())) {
          return ChainVerification.broken(
              checked,
              new ChainVerification.BrokenEvent(
                  row.id(),
                  "prev_hash does not match the hash of the previous event",
                  previousHash,
                  row.prevHash()));
        }
        String expected = AuditCanonicalForm.hash(row);
        if (!expected.equals(row.hash())) {
          return ChainVerification.broken(
              checked,
              new ChainVerification.BrokenEvent(
                  row.id(),
                  "stored hash does not match the event's content",
                  expected,
                  row.hash()));
        }
        checked++;
        previousHash = row.hash();
        afterId = row.id();
      }
      if (page.size() < PAGE) {
        return ChainVerification.intact(
            checked, checked == 0 ? null : afterId, checked == 0 ? null : previousHash);
      }
    }
  }
}
