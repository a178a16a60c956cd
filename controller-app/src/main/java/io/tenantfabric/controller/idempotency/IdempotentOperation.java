package io.tenantfabric.controller.idempotency;

/**
 * The operations that honour an Idempotency-Key, each its own space of keys: the scope stored with
 * a record, which is also the audit action of the operation (and of a key reused on it).
 */
public enum IdempotentOperation {
  TENANT_CREATE("tenant.create", "tenant"),
  TENANT_DELETE("tenant.delete", "tenant"),
  ALLOCATION_CREATE("allocation.create", "allocation"),
  ALLOCATION_RELEASE("allocation.release", "allocation");

  private final String scope;
  private final String targetType;

  IdempotentOperation(String scope, String targetType) {
    this.scope = scope;
    this.targetType = targetType;
  }

  /** The scope of its records, equal to its audit action. */
  public String scope() {
    return scope;
  }

  /** What its audit events name as their target's type. */
  String targetType() {
    return targetType;
  }
}
