package io.tenantfabric.controller.device;

import io.tenantfabric.controller.refusal.Refusal;
import java.util.Locale;

/**
 * Where a config view comes from: compiled from the stored intent now, read live from the switch,
 * or the last config the provisioner verified on it.
 */
enum ConfigSource {
  INTENDED,
  RUNNING,
  CACHED;

  /** The source named {@code raw} ({@code intended}, {@code running}, {@code cached}); else 400. */
  static ConfigSource parse(String raw) {
    for (ConfigSource s : values()) {
      if (s.label().equals(raw)) {
        return s;
      }
    }
    throw Refusal.invalid(
            "Invalid query parameter", "source must be one of intended, running, cached.")
        .field("source");
  }

  /** The name as the API spells it. */
  String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
