package io.tenantfabric.client;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The major number of an OpenAPI document's {@code info.version}, read as semver X.Y.Z. */
final class ApiVersion {

  // X.Y.Z, optionally followed by a pre-release or build suffix (2.0.0-rc.1, 2.0.0+build)
  private static final Pattern SEMVER =
      Pattern.compile("(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:[-+][0-9A-Za-z.+-]*)?");

  private ApiVersion() {}

  /** The major of {@code version}; empty when it is missing or not semver X.Y.Z. */
  static OptionalInt major(String version) {
    if (version == null) {
      return OptionalInt.empty();
    }
    Matcher matcher = SEMVER.matcher(version.trim());
    if (!matcher.matches()) {
      return OptionalInt.empty();
    }
    try {
      return OptionalInt.of(Integer.parseInt(matcher.group(1)));
    } catch (NumberFormatException tooLarge) {
      return OptionalInt.empty();
    }
  }

  /**
   * Whether {@code next} declares a break against {@code base}: both are semver and the major of
   * {@code next} is greater. A version that cannot be read declares nothing.
   */
  static boolean majorBumped(String base, String next) {
    OptionalInt baseMajor = major(base);
    OptionalInt nextMajor = major(next);
    return baseMajor.isPresent()
        && nextMajor.isPresent()
        && nextMajor.getAsInt() > baseMajor.getAsInt();
  }
}
