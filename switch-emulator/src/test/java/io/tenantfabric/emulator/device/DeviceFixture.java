package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.topology.FabricLayouts;
import io.tenantfabric.emulator.topology.SwitchLayout;
import io.tenantfabric.emulator.xml.SafeXml;
import org.w3c.dom.Element;

/** A device without a listener, for unit tests of datastore, locks and save-points. */
public final class DeviceFixture {
  private DeviceFixture() {}

  public static SwitchDevice leaf(Profile profile, EmulatorRuntime runtime) {
    return leaf(profile, runtime, EmulatorOptions.DEFAULT_MAX_SESSIONS);
  }

  /** A leaf that accepts at most {@code maxSessions} NETCONF sessions. */
  public static SwitchDevice leaf(Profile profile, EmulatorRuntime runtime, int maxSessions) {
    SwitchLayout layout = FabricLayouts.of(FabricLayouts.MINI, true).get(0);
    return new SwitchDevice(
        layout,
        "127.0.0.1",
        0,
        profile,
        true,
        "SHA256:test",
        maxSessions,
        runtime,
        d ->
            new Transport() {
              @Override
              public int open(String host, int port) {
                return 1;
              }

              @Override
              public void close() {}
            });
  }

  /** {@code <config>} element around Comware {@code <top>} content. */
  public static Element config(String topContent) throws Exception {
    return SafeXml.parse(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
                + " xmlns:xc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<top xmlns=\"http://www.h3c.com/netconf/config:1.0\">"
                + topContent
                + "</top></config>")
        .getDocumentElement();
  }
}
