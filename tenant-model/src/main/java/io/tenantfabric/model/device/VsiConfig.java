package io.tenantfabric.model.device;

import io.tenantfabric.model.pool.Vni;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One tenant's VSI and its VXLAN id; the name is always {@code "t-" + tenant} so that a switch's
 * running config alone tells which tenant a VSI belongs to.
 */
public record VsiConfig(String name, Vni vni, String tenant) {
  /** Comware VSI names are 1..31 characters; we also keep them free of spaces and CLI specials. */
  public static final int MAX_NAME_LENGTH = 31;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,30}");

  /** Every tenant VSI name starts with it; so does every tenant ACL name. */
  static final String PREFIX = "t-";

  public VsiConfig {
    requireVsiName(name);
    Objects.requireNonNull(vni, "vni");
    Objects.requireNonNull(tenant, "tenant");
    if (!name.equals(PREFIX + tenant)) {
      throw new InvalidDeviceConfigException(
          "vsi " + name, "vsi-name-is-t-tenant", "VSI name must be \"t-" + tenant + "\"");
    }
  }

  /** The VSI of a tenant: name {@code t-<tenant>}. */
  public static VsiConfig forTenant(String tenant, Vni vni) {
    return new VsiConfig(PREFIX + tenant, vni, tenant);
  }

  /** The tenant a VSI name belongs to, or the name itself when it lacks the {@code t-} prefix. */
  public static String tenantOf(String vsiName) {
    return vsiName.startsWith(PREFIX) ? vsiName.substring(PREFIX.length()) : vsiName;
  }

  static void requireVsiName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new InvalidDeviceConfigException(
          "vsi " + name,
          "vsi-name",
          "VSI name must be 1.." + MAX_NAME_LENGTH + " characters of [A-Za-z0-9._-]");
    }
  }
}
