package io.tenantfabric.model.drift;

import java.util.Objects;

/**
 * One difference between the intended and the observed config of a switch: {@code MISSING} (in the
 * intent, not on the switch), {@code EXTRA} (on the switch, not in the intent) or {@code
 * CONFLICTING} (on both, different); the object ({@code vsi t-acme}, {@code port
 * FourHundredGigE1/0/5}, an extra on a port such as {@code port FourHundredGigE1/0/5
 * service-instance 2}, {@code acl t-acme-in}, {@code lossless}, {@code unmodeled}), the tenant it
 * concerns (null for the baseline and objects of no tenant), and the object as each side has it
 * (null on the side that has none).
 */
public record DriftItem(
    Kind kind, String object, String tenant, ConfigPart expected, ConfigPart observed)
    implements Comparable<DriftItem> {

  /** How the switch differs. */
  public enum Kind {
    MISSING,
    EXTRA,
    CONFLICTING
  }

  public DriftItem {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(object, "object");
  }

  /** Configuration on the switch that the model cannot express: extra, of no tenant. */
  public static DriftItem unmodeled(String anomaly) {
    return new DriftItem(Kind.EXTRA, "unmodeled", null, null, new ConfigPart.Unmodeled(anomaly));
  }

  @Override
  public int compareTo(DriftItem o) {
    int c = object.compareTo(o.object);
    return c != 0 ? c : kind.compareTo(o.kind);
  }
}
