package io.tenantfabric.model.tenant;

import java.util.regex.Pattern;

/**
 * A tenant name, {@code ^[a-z][a-z0-9-]{1,27}[a-z0-9]$}: 3..29 DNS-label characters so that the VSI
 * name {@code t-<tenant>} fits Comware's 31-character limit.
 */
public record TenantName(String value) implements Comparable<TenantName> {

  /** The rule every tenant name satisfies, as text (the API document states it too). */
  public static final String REGEX = "^[a-z][a-z0-9-]{1,27}[a-z0-9]$";

  /** The rule every tenant name satisfies. */
  public static final Pattern PATTERN = Pattern.compile(REGEX);

  /** Shortest name. */
  public static final int MIN_LENGTH = 3;

  /** Longest name: 31 (Comware VSI name) minus the {@code t-} prefix. */
  public static final int MAX_LENGTH = 29;

  public TenantName {
    TenantNameRules.check(value);
  }

  /** The Comware VSI name of the tenant: {@code t-<tenant>}, at most 31 characters. */
  public String vsiName() {
    return "t-" + value;
  }

  @Override
  public int compareTo(TenantName other) {
    return value.compareTo(other.value);
  }

  @Override
  public String toString() {
    return value;
  }
}
