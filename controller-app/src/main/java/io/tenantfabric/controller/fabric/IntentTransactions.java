package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.audit.AuditTrail;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs an intent change in one transaction and audits a refusal after that transaction has rolled
 * back. Auditing the refusal from inside (a REQUIRES_NEW transaction) would hold two pooled
 * connections at once while holding the fabric lock: with 64 concurrent allocations that starves
 * the pool until its timeout. So a refusal is thrown as a {@link Rejection}, and recorded here once
 * the first connection is back.
 */
@Component
public class IntentTransactions {

  private final TransactionTemplate tx;
  private final AuditTrail audit;

  IntentTransactions(TransactionTemplate tx, AuditTrail audit) {
    this.tx = tx;
    this.audit = audit;
  }

  /** The work's result; on a {@link Rejection}: rollback, audit the refusal, throw its problem. */
  public <T> T run(Supplier<T> work) {
    try {
      return tx.execute(status -> work.get());
    } catch (Rejection r) {
      audit.recordRejection(r.audit());
      throw r.problem();
    }
  }
}
