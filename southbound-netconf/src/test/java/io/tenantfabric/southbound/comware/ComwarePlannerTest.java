package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The edit plan keeps tenants isolated at every step and references valid. */
class ComwarePlannerTest {
  private static final PortName P5 = PortName.fourHundred(5);

  @Test
  void equalConfigsNeedNoSteps() {
    assertThat(EditPlanner.plan(Fixtures.leafWithTenants(32), Fixtures.leafWithTenants(32)))
        .isEmpty();
  }

  @Test
  void portLeavesOldTenantBeforeJoiningNewOne() {
    DeviceConfig acme = Fixtures.oneTenantOnePort();
    DeviceConfig globex = portOwnedBy("globex", 10077, "10.77.0.0/16");
    List<EditStep> plan = EditPlanner.plan(acme, globex);
    int detach = index(plan, new EditStep.Detach(P5, 1, "t-acme"));
    int removeSrv = index(plan, new EditStep.RemoveService(P5, 1));
    int removeFilter = index(plan, new EditStep.RemoveFilter(P5, "t-acme-in"));
    int applyFilter = index(plan, new EditStep.ApplyFilter(P5, "t-globex-in"));
    int createSrv = index(plan, new EditStep.CreateService(P5, 1));
    int attach = index(plan, new EditStep.Attach(P5, 1, "t-globex"));
    int deleteOldVsi = index(plan, new EditStep.DeleteVsi("t-acme"));
    int createNewVsi = index(plan, new EditStep.CreateVsi("t-globex"));
    int mapNew = index(plan, new EditStep.MapVxlan("t-globex", new Vni(10077)));
    int unmapOld = index(plan, new EditStep.UnmapVxlan("t-acme", new Vni(10005)));
    assertThat(detach).isLessThan(removeSrv);
    assertThat(removeSrv).isLessThan(removeFilter);
    assertThat(removeFilter).isLessThan(applyFilter);
    assertThat(applyFilter).as("filtered before it joins").isLessThan(createSrv);
    assertThat(createSrv).isLessThan(attach);
    assertThat(createNewVsi).isLessThan(mapNew);
    assertThat(mapNew).as("VSI and VXLAN exist before the AC refers to them").isLessThan(attach);
    assertThat(detach).as("old VSI emptied before it is unmapped").isLessThan(unmapOld);
    assertThat(attach).as("teardown last").isLessThan(deleteOldVsi);
    assertThat(plan).contains(new EditStep.DeleteAcl("t-acme-in"));
    assertThat(index(plan, new EditStep.DeleteAcl("t-acme-in"))).isGreaterThan(removeFilter);
  }

  @Test
  void freedPortIsShutBeforeItLeavesItsVsi() {
    List<EditStep> plan = EditPlanner.plan(Fixtures.oneTenantOnePort(), Fixtures.emptyLeaf());
    assertThat(plan.get(0)).isEqualTo(new EditStep.SetPortState(P5, false, ""));
    assertThat(plan.get(1)).isEqualTo(new EditStep.Detach(P5, 1, "t-acme"));
    assertThat(plan.get(plan.size() - 1)).isEqualTo(new EditStep.DeleteVsi("t-acme"));
  }

  @Test
  void portMovingBetweenTenantsIsShutWhileInNoVsi() {
    // found by EditPlannerIsolationPropertiesTest: an up port in no VSI forwards in the default
    // VLAN
    List<EditStep> plan =
        EditPlanner.plan(Fixtures.oneTenantOnePort(), portOwnedBy("globex", 10077, "10.77.0.0/16"));
    int shut = index(plan, new EditStep.SetPortState(P5, false, "t-acme gpu-node-005/0"));
    int up = index(plan, new EditStep.SetPortState(P5, true, "t-globex gpu-node-005/0"));
    assertThat(shut).isLessThan(index(plan, new EditStep.Detach(P5, 1, "t-acme")));
    assertThat(up).isGreaterThan(index(plan, new EditStep.Attach(P5, 1, "t-globex")));
  }

  @Test
  void newPortComesUpOnlyAfterItIsFilteredAndBound() {
    List<EditStep> plan = EditPlanner.plan(Fixtures.emptyLeaf(), Fixtures.oneTenantOnePort());
    int up = index(plan, new EditStep.SetPortState(P5, true, "t-acme gpu-node-005/0"));
    assertThat(up).isGreaterThan(index(plan, new EditStep.Attach(P5, 1, "t-acme")));
    assertThat(index(plan, new EditStep.CreateAcl("t-acme-in")))
        .isLessThan(index(plan, new EditStep.ApplyFilter(P5, "t-acme-in")));
  }

  @Test
  void vniMovedBetweenVsisIsUnmappedBeforeRemapped() {
    DeviceConfig before = portOwnedBy("acme", 10077, "10.77.0.0/16");
    DeviceConfig after = portOwnedBy("globex", 10077, "10.77.0.0/16");
    List<EditStep> plan = EditPlanner.plan(before, after);
    assertThat(index(plan, new EditStep.UnmapVxlan("t-acme", new Vni(10077))))
        .isLessThan(index(plan, new EditStep.MapVxlan("t-globex", new Vni(10077))));
  }

  @Test
  void planReplayedOnTheModelReachesTheTarget() {
    DeviceConfig from = Fixtures.leafWithTenants(32);
    DeviceConfig to = Fixtures.oneTenantOnePort();
    List<EditStep> plan = EditPlanner.plan(from, to);
    // each step touches something that differs; a second plan from the target is empty
    assertThat(plan).isNotEmpty();
    assertThat(EditPlanner.plan(to, to)).isEmpty();
    assertThat(plan).doesNotHaveDuplicates();
  }

  @Test
  void aForeignBindingAndAnOutboundFilterGoFirstAndTheBindingStays() {
    // the operator's case: tenant-02's port carries a tagged service instance into tenant-01's VSI
    // and tenant-01's ACL outbound; the next change (tenant-03 on port 3) removes both first
    DeviceConfig two = Fixtures.leafWithTenants(2);
    PortName p2 = PortName.fourHundred(2);
    PortExtra.Service bridge =
        new PortExtra.Service(
            2, ServiceEncapsulation.serviceVlan("100", false), Optional.of("t-tenant-01"));
    PortExtra.PacketFilter outbound =
        new PortExtra.PacketFilter(
            "t-tenant-01-in",
            PortExtra.PacketFilter.Direction.OUTBOUND,
            PortExtra.PacketFilter.Family.IPV4);
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(two.ports());
    ports.put(p2, ports.get(p2).withExtras(List.of(bridge, outbound)));
    DeviceConfig current =
        new DeviceConfig(two.device(), two.role(), two.lossless(), two.vsis(), ports, two.acls());

    List<EditStep> plan = EditPlanner.plan(current, Fixtures.leafWithTenants(3));

    assertThat(plan.subList(0, 3))
        .containsExactly(
            new EditStep.Detach(p2, 2, "t-tenant-01"),
            new EditStep.RemoveService(p2, 2),
            new EditStep.RemoveExtraFilter(p2, outbound));
    assertThat(plan)
        .as("the port keeps its own binding and stays up")
        .noneMatch(s -> s instanceof EditStep.Detach d && d.srvId() == 1)
        .noneMatch(s -> s instanceof EditStep.SetPortState p && p.port().equals(p2));
    assertThat(EditGroup.of(plan).get(0).steps()).hasSize(1);
  }

  @Test
  void aPortInAVsiOnlyThroughAnExtraIsShutWhileItLeavesAndUpAfterItJoins() {
    DeviceConfig target = Fixtures.oneTenantOnePort();
    PortConfig p5 = PortConfig.scrubbed(P5);
    PortConfig tagged =
        new PortConfig(P5, true, p5.description(), p5.binding(), p5.inboundAcl())
            .withExtras(
                List.of(
                    new PortExtra.Service(
                        1,
                        ServiceEncapsulation.of(ServiceEncapsulation.Kind.TAGGED),
                        Optional.of("t-acme"))));
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(target.ports());
    ports.put(P5, tagged);
    DeviceConfig current =
        new DeviceConfig(
            target.device(), target.role(), target.lossless(), target.vsis(), ports, target.acls());

    List<EditStep> plan = EditPlanner.plan(current, target);

    int shut = index(plan, new EditStep.SetPortState(P5, false, ""));
    int detach = index(plan, new EditStep.Detach(P5, 1, "t-acme"));
    int remove = index(plan, new EditStep.RemoveService(P5, 1));
    int create = index(plan, new EditStep.CreateService(P5, 1));
    int up = index(plan, new EditStep.SetPortState(P5, true, "t-acme gpu-node-005/0"));
    assertThat(shut).isLessThan(detach);
    assertThat(remove)
        .as("the tagged match goes before the untagged one is made")
        .isLessThan(create);
    assertThat(up).isEqualTo(plan.size() - 1);
  }

  @Test
  void theTargetsOwnFilterFoundAsAnExtraIsKeptNotAppliedAgain() {
    DeviceConfig target = Fixtures.oneTenantOnePort();
    PortConfig p5 = target.ports().get(P5);
    // two inbound filters: the first read is the model's, the target's is the extra
    PortConfig twoFilters =
        new PortConfig(P5, true, p5.description(), p5.binding(), Optional.of("t-other-in"))
            .withExtras(
                List.of(
                    new PortExtra.PacketFilter(
                        "t-acme-in",
                        PortExtra.PacketFilter.Direction.INBOUND,
                        PortExtra.PacketFilter.Family.IPV4)));
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(target.ports());
    ports.put(P5, twoFilters);
    SortedMap<String, AclConfig> acls = new TreeMap<>(target.acls());
    acls.put("t-other-in", new AclConfig("t-other-in", List.of()));
    DeviceConfig current =
        new DeviceConfig(
            target.device(), target.role(), target.lossless(), target.vsis(), ports, acls);

    List<EditStep> plan = EditPlanner.plan(current, target);

    assertThat(plan)
        .contains(new EditStep.RemoveFilter(P5, "t-other-in"))
        .noneMatch(s -> s instanceof EditStep.ApplyFilter)
        .noneMatch(s -> s instanceof EditStep.RemoveExtraFilter);
  }

  @Test
  void aTargetWithExtrasIsRefused() {
    DeviceConfig c = Fixtures.oneTenantOnePort();
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(c.ports());
    ports.put(P5, ports.get(P5).withExtras(List.of(new PortExtra.Qos("qos trust dot1p"))));
    DeviceConfig withExtra =
        new DeviceConfig(c.device(), c.role(), c.lossless(), c.vsis(), ports, c.acls());

    assertThatThrownBy(() -> EditPlanner.plan(c, withExtra))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static int index(List<EditStep> plan, EditStep step) {
    int i = plan.indexOf(step);
    assertThat(i).as("plan contains %s: %s", step.describe(), plan).isNotNegative();
    return i;
  }

  private static DeviceConfig portOwnedBy(String tenant, int vni, String prefix) {
    SortedMap<PortName, PortConfig> ports = Fixtures.scrubbedDownlinks();
    VsiConfig vsi = VsiConfig.forTenant(tenant, new Vni(vni));
    AclConfig acl = Fixtures.tenantAcl(tenant, Ipv4Prefix.parse(prefix));
    ports.put(P5, Fixtures.boundPort(P5, "t-" + tenant + " gpu-node-005/0", vsi, acl));
    return new DeviceConfig(
        Fixtures.LEAF,
        SwitchRole.LEAF,
        Fixtures.baseline(),
        new TreeMap<>(Map.of(vsi.name(), vsi)),
        ports,
        new TreeMap<>(Map.of(acl.name(), acl)));
  }
}
