package io.tenantfabric.southbound.transaction;

import io.tenantfabric.model.drift.ConfigPart;
import io.tenantfabric.model.drift.DriftItem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The differences of a read-back from its target as {@link VerificationFailedException} lists them,
 * one line per object with both sides whole ({@code port P: want ..., found absent}): the baseline
 * first, then VSIs, ports and ACLs, each by name.
 */
final class DifferenceLines {
  private DifferenceLines() {}

  /** The lines of {@code items}, as {@code DriftDetector} gives them for target and read-back. */
  static List<String> of(List<DriftItem> items) {
    List<DriftItem> ordered = new ArrayList<>(items);
    // stable: within a part the detector's order (by object, i.e. by name) stays
    ordered.sort(Comparator.comparingInt(DifferenceLines::partOrder));
    List<String> lines = new ArrayList<>(ordered.size());
    for (DriftItem i : ordered) {
      lines.add(i.object() + ": want " + side(i.expected()) + ", found " + side(i.observed()));
    }
    return lines;
  }

  private static int partOrder(DriftItem item) {
    ConfigPart part = item.expected() != null ? item.expected() : item.observed();
    if (part instanceof ConfigPart.Lossless) {
      return 0;
    } else if (part instanceof ConfigPart.Vsi) {
      return 1;
    } else if (part instanceof ConfigPart.Port || part instanceof ConfigPart.Extra) {
      return 2;
    } else if (part instanceof ConfigPart.Acl) {
      return 3;
    }
    return 4;
  }

  private static String side(ConfigPart part) {
    if (part == null) {
      return "absent";
    } else if (part instanceof ConfigPart.Lossless l) {
      return String.valueOf(l.baseline());
    } else if (part instanceof ConfigPart.Vsi v) {
      return String.valueOf(v.vsi());
    } else if (part instanceof ConfigPart.Port p) {
      return String.valueOf(p.port());
    } else if (part instanceof ConfigPart.Acl a) {
      return String.valueOf(a.acl());
    } else if (part instanceof ConfigPart.Extra e) {
      return String.valueOf(e.extra());
    } else if (part instanceof ConfigPart.Unmodeled u) {
      return u.text();
    }
    throw new IllegalArgumentException("no text for " + part);
  }
}
