package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.Fault;
import io.tenantfabric.emulator.FaultType;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.Fixtures;
import org.junit.jupiter.api.Test;

/** The transaction contract on the comware7 profile (save-point), plus the CLI fallback. */
class Comware7TransactionIT extends DeviceTransactionContract {

  @Override
  Profile profile() {
    return Profile.COMWARE7;
  }

  @Override
  TransactionProfile expectedProfile() {
    return TransactionProfile.COMWARE;
  }

  @Override
  String commitPhase() {
    return "confirm"; // the save-point end
  }

  @Test
  void cliFallbackWhenTheSwitchRefusesL2vpnXml() {
    leaf.injectFault(Fault.always(FaultType.REFUSE_L2VPN_XML));
    DeviceConfig target = Fixtures.leafWithTenants(3);
    ApplyResult r = apply(target);
    assertThat(r.cliFeatures()).contains(ComwareFeature.L2VPN, ComwareFeature.VXLAN);
    assertThat(r.verified()).isEqualTo(target);
    ComwareConfigReader.ReadBack viaCli = emu.readBack(target, true);
    assertThat(viaCli.anomalies()).isEmpty();
    assertThat(viaCli.config()).isEqualTo(target);
    leaf.clearFaults();
    assertRunning(target); // the XML tables agree
  }
}
