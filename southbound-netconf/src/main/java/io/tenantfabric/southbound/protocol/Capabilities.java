package io.tenantfabric.southbound.protocol;

/** Capability URIs that the client offers or looks for in a server hello (RFC 6241 section 8). */
public final class Capabilities {

  public static final String BASE_1_0 = "urn:ietf:params:netconf:base:1.0";
  public static final String BASE_1_1 = "urn:ietf:params:netconf:base:1.1";
  public static final String CANDIDATE = "urn:ietf:params:netconf:capability:candidate";
  public static final String CONFIRMED_COMMIT =
      "urn:ietf:params:netconf:capability:confirmed-commit";
  public static final String VALIDATE = "urn:ietf:params:netconf:capability:validate";
  public static final String ROLLBACK_ON_ERROR =
      "urn:ietf:params:netconf:capability:rollback-on-error";

  /** Prefix only: older Comware releases advertise a non-standard URI (comware-facts.md 2.3). */
  public static final String WRITABLE_RUNNING = "urn:ietf:params:netconf:";

  public static final String H3C_SAVE_POINT =
      "urn:h3c:params:netconf:capability:h3c-save-point:1.0";
  public static final String H3C_NETCONF_EXT =
      "urn:h3c:params:netconf:capability:h3c-netconf-ext:1.0";

  private Capabilities() {}
}
