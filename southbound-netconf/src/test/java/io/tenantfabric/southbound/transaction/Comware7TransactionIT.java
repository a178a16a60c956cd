package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.EditGroup;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.EditStep;
import io.tenantfabric.southbound.comware.Fixtures;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
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

  @Test
  void aChangeSendsEveryEditAndItsReadBackBeforeAnyIsAnswered() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    DeviceConfig target = Fixtures.leafWithTenants(3);
    int groups = EditGroup.of(EditPlanner.plan(believed, target)).size();
    ApplyResult r;
    // the save-point's begin and mark; then the edits, the re-resolve and the read-back
    try (HeldReplies held = new HeldReplies(List.of(2, groups + 2))) {
      r = applyBelieving(target, believed, held::wrap);
      assertThat(held.released()).containsExactly("complete: 2", "complete: " + (groups + 2));
    }
    assertThat(groups).isGreaterThan(1);
    assertThat(r.edits()).isEqualTo(groups);
    assertThat(r.verified()).isEqualTo(target);
    assertRunning(target);
  }

  @Test
  void pipelinedEditsRefusedForWantOfXmlAreUndoneAndSentAgainThroughTheCli() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    leaf.injectFault(Fault.always(FaultType.REFUSE_L2VPN_XML));
    DeviceConfig target = Fixtures.leafWithTenants(3);
    List<String> calls = Collections.synchronizedList(new ArrayList<>());
    // believed: nothing is read before the edits, so the edits themselves meet the refusal
    ApplyResult r = applyBelieving(target, believed, s -> RecordingSession.wrap(s, calls));
    assertThat(r.replanned()).as("a missing XML table is no wrong belief").isFalse();
    assertThat(r.cliFeatures()).contains(ComwareFeature.L2VPN, ComwareFeature.VXLAN);
    assertThat(r.verified()).isEqualTo(target);
    assertThat(calls)
        .as("each refused burst is rolled back to the mark before it goes again: %s", calls)
        .filteredOn("savePointRollback"::equals)
        .hasSize(2); // L2VPN first, then VXLAN
    assertThat(calls).contains("send CLI/Configuration");
    leaf.clearFaults();
    assertRunning(target);
  }

  @Test
  void whatOneTransactionLearnsOfTheCliSparesTheNextItsRefusedBursts() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    leaf.injectFault(Fault.always(FaultType.REFUSE_L2VPN_XML));
    DeviceKnowledge knowledge = new DeviceKnowledge();
    List<String> first = Collections.synchronizedList(new ArrayList<>());
    ApplyResult three =
        applyBelieving(
            Fixtures.leafWithTenants(3), believed, s -> RecordingSession.wrap(s, first), knowledge);
    assertThat(first).filteredOn("savePointRollback"::equals).hasSize(2);
    assertThat(knowledge.cliOnly()).contains(ComwareFeature.L2VPN, ComwareFeature.VXLAN);

    List<String> second = Collections.synchronizedList(new ArrayList<>());
    DeviceConfig four = Fixtures.leafWithTenants(4);
    ApplyResult r =
        applyBelieving(four, three.verified(), s -> RecordingSession.wrap(s, second), knowledge);
    assertThat(second)
        .as("L2VPN and VXLAN go by CLI from the first burst: %s", second)
        .doesNotContain("savePointRollback")
        .contains("send CLI/Configuration");
    assertThat(r.verified()).isEqualTo(four);
    leaf.clearFaults();
    assertRunning(four);
  }

  @Test
  void outOfBandOutboundFilterAndLostPfcShowInTheReadBackOverXmlAndOverCli() {
    DeviceConfig target = Fixtures.oneTenantOnePort();
    apply(target);
    PortName p5 = PortName.fourHundred(5);
    List<String> outOfBand =
        List.of(
            "interface FourHundredGigE1/0/5",
            " packet-filter name t-acme-in outbound",
            " undo priority-flow-control enable");
    leaf.cli(outOfBand);
    try {
      ComwareConfigReader.ReadBack viaXml = emu.readBack(target, false);
      ComwareConfigReader.ReadBack viaCli = readBackByCli(target);
      for (ComwareConfigReader.ReadBack back : List.of(viaXml, viaCli)) {
        assertThat(back.outboundFilters()).containsExactly(Map.entry(p5, "t-acme-in"));
        assertThat(back.config().ports().get(p5).extras())
            .containsExactly(
                new PortExtra.PacketFilter(
                    "t-acme-in",
                    PortExtra.PacketFilter.Direction.OUTBOUND,
                    PortExtra.PacketFilter.Family.IPV4));
        assertThat(back.config().ports().get(p5).inboundAcl()).hasValue("t-acme-in");
        assertThat(back.portLossless().get(p5).pfc()).isFalse();
        assertThat(back.portLossless().get(PortName.fourHundred(6)))
            .isEqualTo(PortLossless.of(target.lossless()));
      }
    } finally {
      leaf.cli(
          List.of(
              "interface FourHundredGigE1/0/5",
              " undo packet-filter name t-acme-in outbound",
              " priority-flow-control enable"));
    }
    assertRunning(target);
  }

  @Test
  void aBridgeAndAnOutboundFilterMadeByHandGoWithTheNextChangeBelievedOrRead() {
    PortName p2 = PortName.fourHundred(2);
    DeviceConfig two = Fixtures.leafWithTenants(2);
    DeviceConfig believed = apply(two).verified();
    List<String> byHand =
        List.of(
            "interface " + p2.value(),
            " service-instance 2",
            "  encapsulation s-vid 100",
            "  xconnect vsi t-tenant-01",
            "  quit",
            " packet-filter name t-tenant-01-in outbound",
            " quit");
    EditStep detach = new EditStep.Detach(p2, 2, "t-tenant-01");
    EditStep unfilter =
        new EditStep.RemoveExtraFilter(
            p2,
            new PortExtra.PacketFilter(
                "t-tenant-01-in",
                PortExtra.PacketFilter.Direction.OUTBOUND,
                PortExtra.PacketFilter.Family.IPV4));
    leaf.cli(byHand);
    ComwareConfigReader.ReadBack seen = emu.readBack(two, false);
    assertThat(seen.config().ports().get(p2).extras()).hasSize(2);
    assertThat(seen.anomalies()).isEmpty();

    // planned on the belief: the read-back shows what no step wrote, so it is planned again
    DeviceConfig three = Fixtures.leafWithTenants(3);
    ApplyResult believing = applyBelieving(three, believed);
    assertThat(believing.replanned()).isTrue();
    assertThat(believing.steps()).contains(detach, unfilter);
    assertRunning(three);

    // planned from a read of the switch
    leaf.cli(byHand);
    ApplyResult read = apply(two);
    assertThat(read.steps()).contains(detach, unfilter);
    assertThat(read.verified()).isEqualTo(two);
    assertRunning(two);
  }

  /** ACL and lossless QoS read from display current-configuration instead of the XML tables. */
  private ComwareConfigReader.ReadBack readBackByCli(DeviceConfig scopeOf) {
    try (NetconfSession s = emu.connect(scopeOf.device().value())) {
      ComwareConfigReader reader =
          new ComwareConfigReader(s, EnumSet.of(ComwareFeature.ACL, ComwareFeature.QOS));
      ParseScope scope = ParseScope.of(scopeOf);
      return reader.read(Datastore.RUNNING, scope, reader.resolve(scope.allPorts()));
    }
  }
}
