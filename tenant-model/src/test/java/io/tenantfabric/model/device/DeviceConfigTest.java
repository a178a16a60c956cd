package io.tenantfabric.model.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** One negative case per rule, each naming the element and the rule. */
class DeviceConfigTest {
  private static final SwitchName LEAF = new SwitchName("leaf-01");

  @Test
  void vsiNameLongerThan31IsRefused() {
    assertThatThrownBy(() -> VsiConfig.forTenant("a".repeat(30), new Vni(10)))
        .isInstanceOfSatisfying(
            InvalidDeviceConfigException.class, e -> assertThat(e.rule()).isEqualTo("vsi-name"));
    assertThat(VsiConfig.forTenant("a".repeat(29), new Vni(10)).name()).hasSize(31);
  }

  @Test
  void duplicateVniNamesBothVsis() {
    var a = VsiConfig.forTenant("acme", new Vni(10005));
    var b = VsiConfig.forTenant("globex", new Vni(10005));
    assertThatThrownBy(
            () ->
                new DeviceConfig(
                    LEAF,
                    SwitchRole.LEAF,
                    LosslessBaseline.none(),
                    new TreeMap<>(Map.of(a.name(), a, b.name(), b)),
                    new TreeMap<>(),
                    new TreeMap<>()))
        .hasMessageContaining("t-acme")
        .hasMessageContaining("t-globex")
        .hasMessageContaining("vni-unique");
  }

  @Test
  void aclNameRulesAndRuleIds() {
    assertThatThrownBy(() -> new AclConfig("all", List.of())).hasMessageContaining("acl-name");
    assertThatThrownBy(() -> new AclConfig("1abc", List.of())).hasMessageContaining("acl-name");
    assertThatThrownBy(
            () -> new AclRule(65535, AclAction.DENY, Optional.empty(), Optional.empty(), false, ""))
        .hasMessageContaining("rule-id-range");
    var r = new AclRule(7, AclAction.DENY, Optional.empty(), Optional.empty(), false, "");
    assertThatThrownBy(() -> new AclConfig("t-x-in", List.of(r, r)))
        .hasMessageContaining("rule-id-unique");
  }

  @Test
  void portMustReferToConfiguredVsiAndAcl() {
    PortName p = PortName.fourHundred(5);
    var port =
        new PortConfig(p, true, "", Optional.of(new ServiceBinding(1, "t-acme")), Optional.empty());
    assertThatThrownBy(
            () ->
                new DeviceConfig(
                    LEAF,
                    SwitchRole.LEAF,
                    LosslessBaseline.none(),
                    new TreeMap<>(),
                    new TreeMap<>(Map.of(p, port)),
                    new TreeMap<>()))
        .isInstanceOfSatisfying(
            InvalidDeviceConfigException.class,
            e -> {
              assertThat(e.element()).isEqualTo(p.value());
              assertThat(e.rule()).isEqualTo("binding-vsi-exists");
            });
  }

  @Test
  void baselineOnNoPortIsNormalisedToNone() {
    DeviceConfig spine =
        DeviceConfig.empty(new SwitchName("spine-01"), SwitchRole.SPINE, LosslessBaseline.roce(3));
    assertThat(spine.lossless()).isEqualTo(LosslessBaseline.none());
    assertThatThrownBy(() -> new LosslessBaseline(3, false, true, true, true, true))
        .hasMessageContaining("deadlock-needs-pfc");
  }
}
