package io.tenantfabric.emulator.datastore;

/** Namespace URIs of comware-facts.md §2.1 (h3c.com and the HPE-branded hp.com variants). */
public final class Namespaces {
  public static final String BASE = "urn:ietf:params:xml:ns:netconf:base:1.0";
  public static final String CONFIG = "http://www.h3c.com/netconf/config:1.0";
  public static final String DATA = "http://www.h3c.com/netconf/data:1.0";
  public static final String ACTION = "http://www.h3c.com/netconf/action:1.0";
  public static final String H3C_BASE = "http://www.h3c.com/netconf/base:1.0";
  public static final String HP_CONFIG = "http://www.hp.com/netconf/config:1.0";
  public static final String HP_DATA = "http://www.hp.com/netconf/data:1.0";
  public static final String HP_BASE = "http://www.hp.com/netconf/base:1.0";

  private Namespaces() {}

  /** True for the config or data namespace of either brand (accepted in filters). */
  public static boolean isTop(String ns) {
    return CONFIG.equals(ns) || DATA.equals(ns) || HP_CONFIG.equals(ns) || HP_DATA.equals(ns);
  }

  /** True for the config namespace of either brand (required by edit-config). */
  public static boolean isConfig(String ns) {
    return CONFIG.equals(ns) || HP_CONFIG.equals(ns);
  }
}
