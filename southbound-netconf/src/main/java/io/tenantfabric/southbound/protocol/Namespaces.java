package io.tenantfabric.southbound.protocol;

/** XML namespaces of NETCONF (RFC 6241) and of H3C Comware 7 (comware-facts.md section 2.1). */
public final class Namespaces {

  /** rpc, rpc-reply, operations and the xc:operation attribute. */
  public static final String BASE = "urn:ietf:params:xml:ns:netconf:base:1.0";

  /** Comware payloads of edit-config and get-config. */
  public static final String H3C_CONFIG = "http://www.h3c.com/netconf/config:1.0";

  /** Comware payloads of get and get-bulk. */
  public static final String H3C_DATA = "http://www.h3c.com/netconf/data:1.0";

  /** Comware payloads of action. */
  public static final String H3C_ACTION = "http://www.h3c.com/netconf/action:1.0";

  /** Comware attribute namespace (count, regExp). */
  public static final String H3C_BASE = "http://www.h3c.com/netconf/base:1.0";

  private Namespaces() {}
}
