package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import java.time.Duration;
import java.util.EnumSet;
import java.util.function.BooleanSupplier;

/** An in-process emulated fabric (emulator-mini) and real SSH/NETCONF sessions to it. */
final class EmulatorHarness implements AutoCloseable {
  final EmulatedFabric fabric;
  final NetconfClient client = new NetconfClient();

  EmulatorHarness(Profile profile) {
    fabric = EmulatorSupport.startMini(profile);
  }

  NetconfSession connect(String device) {
    return connect(client, device);
  }

  /** A session of another client: closing that client drops its sessions as a dead process. */
  NetconfSession connect(NetconfClient other, String device) {
    EmulatedDevice d = fabric.device(device);
    return other.connect(EmulatorSupport.endpoint(d), EmulatorSupport.settings());
  }

  /** Reads a switch back through a fresh session, the way a verifier would. */
  ComwareConfigReader.ReadBack readBack(DeviceConfig scopeOf, boolean cli) {
    try (NetconfSession s = connect(scopeOf.device().value())) {
      EnumSet<ComwareFeature> features = EnumSet.noneOf(ComwareFeature.class);
      if (cli) {
        features.add(ComwareFeature.L2VPN);
        features.add(ComwareFeature.VXLAN);
      }
      ComwareConfigReader reader = new ComwareConfigReader(s, features);
      ParseScope scope = ParseScope.of(scopeOf);
      return reader.read(Datastore.RUNNING, scope, reader.resolve(scope.allPorts()));
    }
  }

  /** Polls until the condition holds or the deadline passes; never a fixed sleep. */
  static void await(String what, Duration timeout, BooleanSupplier condition) {
    assertThat(EmulatorSupport.eventually(timeout, condition)).as("waiting for %s", what).isTrue();
  }

  @Override
  public void close() {
    client.close();
    fabric.close();
  }
}
