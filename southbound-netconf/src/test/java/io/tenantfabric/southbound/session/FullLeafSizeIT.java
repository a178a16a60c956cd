package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.endpoint;
import static io.tenantfabric.southbound.testing.EmulatorSupport.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.topology.FabricLayouts;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.CliEchoScanner;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.FullLeaf;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import io.tenantfabric.southbound.transaction.DeviceTransaction;
import io.tenantfabric.southbound.transaction.TransactionSettings;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Locale;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures what reading back the largest leaf costs on the wire, to size maxMessageSize: logs each
 * reply's size at INFO (grep the IT output for FULL-LEAF) and checks it is under the default limit.
 */
class FullLeafSizeIT {

  private static final Logger LOG = LoggerFactory.getLogger(FullLeafSizeIT.class);
  private static final long LIMIT = ClientOptions.defaults().maxMessageSize();

  @Test
  void theLargestLeafReadsBackFarBelowTheDefaultMessageLimit() {
    // emulator-mini's leaves have the same 64 x 400G ports as a leaf of the 10,240-GPU preset
    assertThat(FabricLayouts.of(FabricLayouts.MINI, true).get(0).ports())
        .isEqualTo(FabricLayouts.of(FabricPresets.H3C_S9825_10240, true).get(0).ports());
    try (EmulatedFabric fabric = EmulatorSupport.startMini(Profile.COMWARE7);
        NetconfClient client = new NetconfClient()) {
      EmulatedDevice leaf = EmulatorSupport.firstLeaf(fabric);
      DeviceConfig full = FullLeaf.config(new SwitchName(leaf.name()));
      try (NetconfSession s = client.connect(endpoint(leaf), settings())) {
        String echo = s.cliConfiguration(FullLeaf.breakoutCli());
        CliEchoScanner.requireClean(leaf.name(), FullLeaf.breakoutCli(), echo);
        DeviceTransaction.apply(s, full, TransactionSettings.defaults());
      }

      long driverRead =
          measure(
              client,
              leaf,
              s -> {
                ComwareConfigReader reader =
                    new ComwareConfigReader(s, EnumSet.noneOf(ComwareFeature.class));
                ParseScope scope = ParseScope.of(full);
                ComwareConfigReader.ReadBack back =
                    reader.read(Datastore.RUNNING, scope, reader.resolve(scope.allPorts()));
                assertThat(back.config()).as("the whole leaf was applied").isEqualTo(full);
              });
      long getConfig = measure(client, leaf, s -> s.getConfig(Datastore.RUNNING, null));
      long get = measure(client, leaf, s -> s.get(null));
      long[] cliText = new long[1];
      long cli =
          measure(
              client,
              leaf,
              s ->
                  cliText[0] =
                      s.cliExecution("display current-configuration")
                          .getBytes(StandardCharsets.UTF_8)
                          .length);

      report("driver read-back (get-config running, module filter)", driverRead);
      report("get-config running, no filter", getConfig);
      report("get, no filter (config and state)", get);
      report("CLI display current-configuration (rpc-reply)", cli);
      report("  of which the configuration text", cliText[0]);
      for (long size : new long[] {driverRead, getConfig, get, cli}) {
        assertThat(size).isLessThan(LIMIT);
      }
    }
  }

  /** Runs the reads on a fresh session and returns the largest message it received. */
  private static long measure(
      NetconfClient client, EmulatedDevice leaf, Consumer<NetconfSession> reads) {
    try (SshNetconfSession s = client.open(endpoint(leaf), settings())) {
      reads.accept(s);
      return s.largestMessageBytes();
    }
  }

  private static void report(String what, long bytes) {
    LOG.info(
        String.format(
            Locale.ROOT,
            "FULL-LEAF %-55s %,10d bytes = %6.1f KiB, %5.2f %% of %d MiB (headroom x%.0f)",
            what,
            bytes,
            bytes / 1024.0,
            100.0 * bytes / LIMIT,
            LIMIT >> 20,
            (double) LIMIT / bytes));
  }
}
