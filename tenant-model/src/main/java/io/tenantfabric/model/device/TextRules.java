package io.tenantfabric.model.device;

/** Character rules shared by free-text fields that end up in device config. */
final class TextRules {
  private TextRules() {}

  /** Printable ASCII only: keeps CLI lines single-line and the device's echo unambiguous. */
  static boolean isPrintable(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c > 0x7e) {
        return false;
      }
    }
    return true;
  }
}
