package io.tenantfabric.model.verify;

/** How urgent a finding is for an operator. */
public enum Severity {
  CRITICAL,
  ERROR,
  WARNING
}
