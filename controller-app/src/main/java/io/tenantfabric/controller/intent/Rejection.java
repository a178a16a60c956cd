package io.tenantfabric.controller.intent;

import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.refusal.Refusal;

/**
 * A refused business request raised inside an intent transaction: the transaction rolls back, then
 * {@link IntentTransactions} audits the refusal and answers with the problem.
 */
public final class Rejection extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient AuditRecord audit;
  private final Refusal problem;

  public Rejection(AuditRecord audit, Refusal problem) {
    super(problem.getMessage(), problem, false, false);
    this.audit = audit;
    this.problem = problem;
  }

  public AuditRecord audit() {
    return audit;
  }

  public Refusal problem() {
    return problem;
  }
}
