package io.tenantfabric.controller.audit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What happened, as the caller states it: action (like {@code tenant.create}), target type and
 * target, the tenant concerned by name and id (both nullable; the id is what identifies it, since a
 * deleted tenant's name can be taken again, and is null only when no tenant was resolved, as in a
 * request for an unknown one), outcome (like {@code SUCCESS} or {@code REJECTED}) and
 * JSON-serialisable details.
 */
public record AuditRecord(
    String action,
    String targetType,
    String target,
    String tenant,
    Long tenantId,
    AuditOutcome outcome,
    Map<String, Object> details) {

  /**
   * Validates the required parts and copies the details (null values allowed, null map = empty).
   */
  public AuditRecord {
    requireText(action, "action");
    requireText(targetType, "targetType");
    Objects.requireNonNull(outcome, "outcome");
    details =
        details == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  /** A successful change without details. */
  public static AuditRecord success(
      String action, String targetType, String target, String tenant, Long tenantId) {
    return new AuditRecord(
        action, targetType, target, tenant, tenantId, AuditOutcome.SUCCESS, Map.of());
  }

  private static void requireText(String value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
  }
}
