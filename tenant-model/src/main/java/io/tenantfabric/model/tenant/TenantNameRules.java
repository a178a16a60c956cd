package io.tenantfabric.model.tenant;

/** Checks a candidate tenant name rule by rule, so that the error says which rule failed. */
final class TenantNameRules {

  private TenantNameRules() {}

  static void check(String value) {
    if (value == null || value.isEmpty()) {
      throw new InvalidTenantNameException("required", "tenant name is required");
    }
    // the raw value is echoed only once it is known to be printable ASCII
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c > 0x7E || c < 0x20) {
        throw new InvalidTenantNameException(
            "ascii",
            "tenant name must be ASCII: character U+"
                + String.format("%04X", (int) c)
                + " at position "
                + i
                + " is not allowed");
      }
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        throw new InvalidTenantNameException(
            "lowercase",
            "tenant name '" + value + "' must be lowercase: '" + c + "' at position " + i);
      }
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9') && c != '-') {
        throw new InvalidTenantNameException(
            "characters",
            "tenant name '"
                + value
                + "' may hold only a-z, 0-9 and '-': '"
                + c
                + "' at position "
                + i
                + " is not allowed");
      }
    }
    if (value.length() < TenantName.MIN_LENGTH || value.length() > TenantName.MAX_LENGTH) {
      throw new InvalidTenantNameException(
          "length",
          "tenant name '"
              + value
              + "' must be "
              + TenantName.MIN_LENGTH
              + ".."
              + TenantName.MAX_LENGTH
              + " characters (VSI name t-<tenant> <= 31), was "
              + value.length());
    }
    if (!(value.charAt(0) >= 'a' && value.charAt(0) <= 'z')) {
      throw new InvalidTenantNameException(
          "start", "tenant name '" + value + "' must start with a letter a-z");
    }
    if (value.charAt(value.length() - 1) == '-') {
      throw new InvalidTenantNameException(
          "end", "tenant name '" + value + "' must end with a letter or digit");
    }
  }
}
