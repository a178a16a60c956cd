package io.tenantfabric.controller.intent;

import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.transaction.Transactions;
import java.util.function.Supplier;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.stereotype.Component;

/**
 * Runs an intent change in one transaction (short lock and statement timeouts; the fabric
 * definition with long ones) and audits a refusal after that transaction has rolled back. Auditing
 * the refusal from inside (a REQUIRES_NEW transaction) would hold two pooled connections at once
 * while holding the fabric lock: under many concurrent allocations that starves the pool until its
 * timeout. So a refusal is thrown as a {@link Rejection}, and recorded here once the first
 * connection is back.
 */
@Component
public class IntentTransactions {

  /** Attempts of an intent change that PostgreSQL chose as a deadlock victim. */
  static final int ATTEMPTS = 3;

  private final Transactions tx;
  private final AuditTrail audit;

  IntentTransactions(Transactions tx, AuditTrail audit) {
    this.tx = tx;
    this.audit = audit;
  }

  /** The work's result; on a {@link Rejection}: rollback, audit the refusal, throw its problem. */
  public <T> T run(Supplier<T> work) {
    return run(false, work);
  }

  /** {@link #run} with the long timeouts: defining or growing the fabric. */
  public <T> T runLong(Supplier<T> work) {
    return run(true, work);
  }

  private <T> T run(boolean longRunning, Supplier<T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return longRunning ? tx.longWrite(work) : tx.write(work);
      } catch (Rejection r) {
        audit.recordRejection(r.audit());
        throw r.problem();
      } catch (TransientDataAccessException e) {
        // a deadlock victim or a serialization failure rolled back completely: run it again
        if (attempt >= ATTEMPTS || !Retryable.is(e)) {
          throw e;
        }
      }
    }
  }
}
