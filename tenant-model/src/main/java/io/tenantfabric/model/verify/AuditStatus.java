package io.tenantfabric.model.verify;

/** An audit's verdict. */
public enum AuditStatus {
  /** No isolation finding, nothing unmodeled, every audited switch read. */
  CLEAN,
  /** An isolation or unmodeled finding. */
  FINDINGS,
  /** Nothing wrong among what was read, but a managed switch could not be read. */
  INCOMPLETE
}
