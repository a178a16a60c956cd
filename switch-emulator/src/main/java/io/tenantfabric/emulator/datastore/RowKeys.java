package io.tenantfabric.emulator.datastore;

import java.util.Comparator;
import java.util.List;

/** Ordering of index tuples: numerically where both values are integers, else as text. */
public final class RowKeys {
  /** The device's row order (what get-bulk pages through). */
  public static final Comparator<List<String>> ORDER = RowKeys::compare;

  private RowKeys() {}

  static int compare(List<String> a, List<String> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = compareOne(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private static int compareOne(String x, String y) {
    if (isNumber(x) && isNumber(y)) {
      int c = Integer.compare(x.length(), y.length());
      return c != 0 ? c : x.compareTo(y);
    }
    return x.compareTo(y);
  }

  private static boolean isNumber(String s) {
    if (s.isEmpty() || s.length() > 18) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
