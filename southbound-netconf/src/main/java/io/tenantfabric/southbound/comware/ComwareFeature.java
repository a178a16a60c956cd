package io.tenantfabric.southbound.comware;

import java.util.Optional;

/**
 * The Comware modules the driver touches; a switch may refuse the XML of some of them
 * (comware-facts.md section 0.3), in which case the CLI form is sent instead.
 */
public enum ComwareFeature {
  IFMGR("Ifmgr", true),
  L2VPN("L2VPN", true),
  VXLAN("VXLAN", true),
  ACL("ACL", true),
  /** PFC / WRED-ECN / trust: XML table names are guesses (section 3.5), so always CLI. */
  QOS("QoS", false);

  private final String xmlModule;
  private final boolean xmlKnown;

  ComwareFeature(String xmlModule, boolean xmlKnown) {
    this.xmlModule = xmlModule;
    this.xmlKnown = xmlKnown;
  }

  /** The top-level XML module element, e.g. "L2VPN". */
  public String xmlModule() {
    return xmlModule;
  }

  /** False when only the CLI form is trusted. */
  public boolean xmlKnown() {
    return xmlKnown;
  }

  /** The feature whose XML module element is named so, if any. */
  public static Optional<ComwareFeature> ofModule(String module) {
    for (ComwareFeature f : values()) {
      if (f.xmlKnown && f.xmlModule.equals(module)) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }
}
