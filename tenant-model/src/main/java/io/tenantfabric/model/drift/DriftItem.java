package io.tenantfabric.model.drift;

import java.util.Objects;

/**
 * One difference between the intended and the observed config of a switch: {@code MISSING} (in the
 * intent, not on the switch), {@code EXTRA} (on the switch, not in the intent) or {@code
 * CONFLICTING} (on both, different); the object ({@code vsi t-acme}, {@code port
 * FourHundredGigE1/0/5}, {@code acl t-acme-in}, {@code lossless}), the tenant it concerns (null for
 * the baseline and objects of no tenant), and both sides as config lines (null when absent).
 */
public record DriftItem(Kind kind, String object, String tenant, String expected, String observed)
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

  @Override
  public int compareTo(DriftItem o) {
    int c = object.compareTo(o.object);
    return c != 0 ? c : kind.compareTo(o.kind);
  }
}
