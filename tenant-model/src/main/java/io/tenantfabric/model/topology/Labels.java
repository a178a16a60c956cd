package io.tenantfabric.model.topology;

/**
 * The name rule shared by switches and servers, checked without a regex because fabrics build
 * thousands.
 */
final class Labels {

  private Labels() {}

  /** {@code ^[a-z][a-z0-9-]{0,max-2}[a-z0-9]$}. */
  static boolean isLabel(String value, int maxLength) {
    if (value == null || value.length() < 2 || value.length() > maxLength) {
      return false;
    }
    char first = value.charAt(0);
    char last = value.charAt(value.length() - 1);
    if (first < 'a' || first > 'z' || last == '-') {
      return false;
    }
    for (int i = 1; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
        return false;
      }
    }
    return true;
  }
}
