package io.tenantfabric.controller.reconcile;

import io.tenantfabric.controller.refusal.Refusal;
import java.util.Locale;

/** The {@code policy} query parameter: {@code repair} (the default) or {@code report}. */
final class ReconcilePolicy {

  private ReconcilePolicy() {}

  /** The stored form ({@code REPAIR}, {@code REPORT}); a 400 naming {@code policy} otherwise. */
  static String parse(String raw) {
    if (raw == null || raw.isEmpty()) {
      return "REPAIR";
    }
    return switch (raw.toLowerCase(Locale.ROOT)) {
      case "repair" -> "REPAIR";
      case "report" -> "REPORT";
      default ->
          throw Refusal.invalid(
                  "Invalid parameter",
                  "'policy' is repair (find drift and push the intent again) or report (find and"
                      + " record it only).")
              .field("policy");
    };
  }
}
