package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.HostKeys;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.identity.SerialNumbers;
import io.tenantfabric.emulator.lldp.PortLink;
import io.tenantfabric.emulator.topology.FabricLayouts;
import io.tenantfabric.emulator.topology.SwitchLayout;
import io.tenantfabric.emulator.xml.SafeXml;
import java.security.KeyPair;
import java.util.Map;
import org.w3c.dom.Element;

/** A device without a listener, for unit tests of datastore, locks and save-points. */
public final class DeviceFixture {
  private DeviceFixture() {}

  public static SwitchDevice leaf(Profile profile, EmulatorRuntime runtime) {
    return leaf(profile, runtime, EmulatorOptions.DEFAULT_MAX_SESSIONS);
  }

  /** A leaf that accepts at most {@code maxSessions} NETCONF sessions. */
  public static SwitchDevice leaf(Profile profile, EmulatorRuntime runtime, int maxSessions) {
    return device(
        FabricLayouts.of(FabricLayouts.MINI, true).get(0), profile, runtime, maxSessions, alone());
  }

  /** A switch of {@code layout} in {@code surroundings}, without a listener. */
  public static SwitchDevice device(
      SwitchLayout layout,
      Profile profile,
      EmulatorRuntime runtime,
      int maxSessions,
      Surroundings surroundings) {
    return new SwitchDevice(
        layout,
        "127.0.0.1",
        0,
        profile,
        true,
        identity(layout.name(), 0),
        maxSessions,
        runtime,
        surroundings,
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

  /** A fresh key and the serial of {@code name} after {@code wipes} wipes. */
  public static Identity identity(String name, int wipes) {
    KeyPair key = HostKeys.generate();
    return new Identity(key, HostKeys.fingerprint(key), SerialNumbers.of(name, wipes, 0));
  }

  /** A switch without cables, which gets a fresh identity when wiped. */
  public static Surroundings alone() {
    return new Surroundings() {
      @Override
      public Map<String, PortLink> links(String device, boolean listen) {
        return Map.of();
      }

      @Override
      public Identity renew(String device, int wipes) {
        return identity(device, wipes);
      }
    };
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
