package io.tenantfabric.model.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.model.topology.PortName;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a port may carry beyond the intent, and the rules each extra keeps. */
class PortExtraTest {
  private static final PortName P5 = PortName.fourHundred(5);
  private static final PortExtra.Service TAGGED_INTO_A =
      new PortExtra.Service(
          2, ServiceEncapsulation.of(ServiceEncapsulation.Kind.TAGGED), Optional.of("t-a"));
  private static final PortExtra.PacketFilter OUTBOUND_A =
      new PortExtra.PacketFilter(
          "t-a-in", PortExtra.PacketFilter.Direction.OUTBOUND, PortExtra.PacketFilter.Family.IPV4);
  private static final PortExtra.Qos POLICY = new PortExtra.Qos("qos apply policy p1 inbound");

  @Test
  void aPortKeepsItsExtrasInOneOrderWhateverTheOrderTheyWereFoundIn() {
    PortConfig p = PortConfig.scrubbed(P5).withExtras(List.of(POLICY, OUTBOUND_A, TAGGED_INTO_A));

    assertThat(p.extras()).containsExactly(TAGGED_INTO_A, OUTBOUND_A, POLICY);
    assertThat(p)
        .isEqualTo(PortConfig.scrubbed(P5).withExtras(List.of(TAGGED_INTO_A, POLICY, OUTBOUND_A)));
    assertThat(p.withoutExtras()).isEqualTo(PortConfig.scrubbed(P5));
  }

  @Test
  void aPortWithoutExtrasPrintsAsItAlwaysDid() {
    assertThat(PortConfig.scrubbed(P5).toString())
        .isEqualTo(
            "PortConfig[port=FourHundredGigE1/0/5, adminUp=false, description=,"
                + " binding=Optional.empty, inboundAcl=Optional.empty]");
    assertThat(PortConfig.scrubbed(P5).withExtras(List.of(POLICY)).toString()).contains("extras=");
  }

  @Test
  void anExtraServiceInstanceMayNotReuseTheBindingsId() {
    PortConfig bound =
        new PortConfig(
            P5, true, "", Optional.of(new ServiceBinding(2, "t-b")), Optional.of("t-b-in"));

    assertThatThrownBy(() -> bound.withExtras(List.of(TAGGED_INTO_A)))
        .isInstanceOfSatisfying(
            InvalidDeviceConfigException.class,
            e -> assertThat(e.rule()).isEqualTo("extra-unique"));
  }

  @Test
  void anExtraNamesTheTenantOfTheVsiOrAclItUses() {
    assertThat(TAGGED_INTO_A.namedTenant()).hasValue("a");
    assertThat(OUTBOUND_A.namedTenant()).hasValue("a");
    assertThat(
            new PortExtra.Service(3, ServiceEncapsulation.untagged(), Optional.of("mgmt"))
                .namedTenant())
        .isEmpty();
    assertThat(POLICY.namedTenant()).isEmpty();
  }

  @Test
  void anEncapsulationCarriesExactlyTheVlansItsKindHas() {
    assertThat(ServiceEncapsulation.qinq("100", "all").customerVlans()).isEqualTo("all");
    assertThatThrownBy(
            () -> new ServiceEncapsulation(ServiceEncapsulation.Kind.QINQ, "100", "", ""))
        .isInstanceOfSatisfying(
            InvalidDeviceConfigException.class,
            e -> assertThat(e.rule()).isEqualTo("encapsulation-fields"));
    assertThatThrownBy(
            () -> new ServiceEncapsulation(ServiceEncapsulation.Kind.TAGGED, "100", "", ""))
        .isInstanceOf(InvalidDeviceConfigException.class);
    assertThatThrownBy(() -> ServiceEncapsulation.unreadable(""))
        .isInstanceOf(InvalidDeviceConfigException.class);
  }
}
