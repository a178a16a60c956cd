package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.Profile;
import java.util.ArrayList;
import java.util.List;

/** The capabilities each profile advertises (comware-facts.md §2.3, RFC 6241 §8). */
public final class Capabilities {
  public static final String BASE_10 = "urn:ietf:params:netconf:base:1.0";
  public static final String BASE_11 = "urn:ietf:params:netconf:base:1.1";

  private Capabilities() {}

  /** The server hello's capability list. */
  public static List<String> of(Profile profile, boolean base11) {
    List<String> c = new ArrayList<>();
    c.add(BASE_10);
    if (base11) {
      c.add(BASE_11);
    }
    c.add("urn:ietf:params:netconf:capability:writable-running:1.0");
    c.add("urn:ietf:params:netconf:capability:validate:1.0");
    c.add("urn:ietf:params:netconf:capability:validate:1.1");
    c.add("urn:ietf:params:netconf:capability:rollback-on-error:1.0");
    c.add("urn:ietf:params:netconf:capability:notification:1.0");
    if (profile == Profile.COMWARE7) {
      c.add("urn:h3c:params:netconf:capability:h3c-netconf-ext:1.0");
      c.add("urn:h3c:params:netconf:capability:h3c-save-point:1.0");
      c.add("urn:h3c:params:netconf:capability:h3c-xml2cli:1.0");
      c.add("urn:h3c:params:netconf:capability:not-need-top:1.0");
      c.add("urn:h3c:params:netconf:capability:module-specified-namespace:1.0");
      c.add("urn:h3c:params:netconf:capability:h3c-name2index:1.0");
      c.add("http://www.h3c.com/netconf/config:1.0-L2VPN?module=L2VPN&revision=2022-04-22");
      c.add("http://www.h3c.com/netconf/config:1.0-VXLAN?module=VXLAN&revision=2021-06-09");
    } else {
      c.add("urn:ietf:params:netconf:capability:candidate:1.0");
      c.add("urn:ietf:params:netconf:capability:confirmed-commit:1.1");
    }
    return c;
  }
}
