package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.EditStep;
import io.tenantfabric.southbound.comware.Fixtures;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A read-back difference is traced to the step that wrote its part, or to none (drift). */
class AspectsTest {
  private static final PortName P7 = PortName.fourHundred(7);

  @Test
  void aConfigDiffersFromItselfNowhere() {
    DeviceConfig c = Fixtures.leafWithTenants(4);
    assertThat(Aspects.differing(c, c)).isEmpty();
  }

  @Test
  void aPortChangedBehindThePlansBackIsOutsideIt() {
    DeviceConfig believed = Fixtures.oneTenantOnePort();
    DeviceConfig target = Fixtures.leafWithTenants(2);
    List<EditStep> steps = EditPlanner.plan(believed, target);
    DeviceConfig found =
        withPort(target, new PortConfig(P7, true, "rogue", Optional.empty(), Optional.empty()));
    assertThat(Aspects.differing(target, found)).containsExactly("port FourHundredGigE1/0/7 state");
    assertThat(Aspects.differOutside(steps, target, found)).isTrue();
  }

  @Test
  void aPartAStepWroteThatDidNotTakeIsInsideThePlan() {
    DeviceConfig believed = Fixtures.emptyLeaf();
    DeviceConfig target = Fixtures.oneTenantOnePort();
    List<EditStep> steps = EditPlanner.plan(believed, target);
    // the switch kept port 5 down although the plan enabled it
    PortConfig p5 = target.ports().get(PortName.fourHundred(5));
    DeviceConfig found =
        withPort(
            target,
            new PortConfig(p5.port(), false, p5.description(), p5.binding(), p5.inboundAcl()));
    assertThat(Aspects.differing(target, found)).containsExactly("port FourHundredGigE1/0/5 state");
    assertThat(Aspects.differOutside(steps, target, found)).isFalse();
  }

  @Test
  void aMissingRuleAndAVsiWithAnotherVniAreTheirOwnParts() {
    DeviceConfig one = Fixtures.leafWithTenants(1);
    DeviceConfig two = Fixtures.leafWithTenants(2);
    assertThat(Aspects.differing(one, two))
        .contains(
            "vsi t-tenant-02",
            "acl t-tenant-02-in",
            "acl t-tenant-02-in rule 10",
            "port FourHundredGigE1/0/2 binding",
            "port FourHundredGigE1/0/2 filter",
            "port FourHundredGigE1/0/2 state");
  }

  private static DeviceConfig withPort(DeviceConfig c, PortConfig port) {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(c.ports());
    ports.put(port.port(), port);
    return new DeviceConfig(c.device(), c.role(), c.lossless(), c.vsis(), ports, c.acls());
  }
}
