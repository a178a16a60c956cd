package io.tenantfabric.controller.audit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What happened, as the caller states it: action (like {@code tenant.create}), target type and
 * target, the tenant concerned (nullable), outcome (like {@code SUCCESS} or {@code REJECTED}) and
 * JSON-serialisable details.
 */
public record AuditRecord(
    String action,
    String targetType,
    String target,
    String tenant,
    String outcome,
    Map<String, Object> details) {

  /**
   * Validates the required parts and copies the details (null values allowed, null map = empty).
   */
  public AuditRecord {
    requireText(action, "action");
    requireText(targetType, "targetType");
    requireText(outcome, "outcome");
    details =
        details == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  /** A successful change without details. */
  public static AuditRecord success(
      String action, String targetType, String target, String tenant) {
    return new AuditRecord(action, targetType, target, tenant, "SUCCESS", Map.of());
  }

  private static void requireText(String value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
  }
}
