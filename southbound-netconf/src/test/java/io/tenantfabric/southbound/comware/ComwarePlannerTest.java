package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.List;
import java.util.Map;
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
