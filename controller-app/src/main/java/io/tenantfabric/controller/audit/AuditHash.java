package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.web.QueryParameters;
import java.util.regex.Pattern;

/** The hash of an audit event as the trail stores it: lower-case hex SHA-256, 64 digits. */
record AuditHash(String hex) {

  private static final Pattern HEX =
      Pattern.compile("[0-9a-f]{" + AuditCanonicalForm.GENESIS.length() + "}");

  /** Validates the form; upper-case digits are refused, as the trail never stores them. */
  AuditHash {
    if (hex == null || !HEX.matcher(hex).matches()) {
      throw new IllegalArgumentException("not a lower-case hex SHA-256: " + hex);
    }
  }

  /** {@code raw} as a hash, or a 400 problem whose field is {@code name} (absent included). */
  static AuditHash parameter(String raw, String name) {
    if (raw == null) {
      throw QueryParameters.missing(name);
    }
    try {
      return new AuditHash(raw);
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid(
              "Invalid parameter",
              "'"
                  + name
                  + "' must be an event hash: "
                  + AuditCanonicalForm.GENESIS.length()
                  + " lower-case hex digits.")
          .field(name);
    }
  }
}
