package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.testing.GoldenFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rendered XML tables and CLI of three reference leaves, pinned by golden files. */
class ComwareGoldenTest {

  @Test
  void emptyLeafRendersScrubbedPortsAndBaselineOnly() {
    pin("empty-leaf", Fixtures.emptyLeaf());
  }

  @Test
  void oneTenantOnOnePortRendersAsInTheWorkedExample() {
    pin("one-tenant-one-port", Fixtures.oneTenantOnePort());
  }

  @Test
  void thirtyTwoTenantsOnALeaf() {
    pin("leaf-32-tenants", Fixtures.leafWithTenants(32));
  }

  @Test
  void planFromEmptyLeafToOneTenantIsTheEditSequenceSent() {
    GoldenFiles.assertMatches(
        "plan-empty-to-one-tenant.txt",
        edits(EditPlanner.plan(Fixtures.emptyLeaf(), Fixtures.oneTenantOnePort())));
  }

  @Test
  void threeNewTenantsOnALeafGoAsOneEditPerKindNotOnePerTenant() {
    List<EditStep> plan = EditPlanner.plan(Fixtures.emptyLeaf(), Fixtures.leafWithTenants(3));
    GoldenFiles.assertMatches("plan-empty-to-three-tenants.txt", edits(plan));
    assertThat(EditGroup.of(plan))
        .as("VSI, VXLAN, ACL group, rules, packet-filter, SRV, AC, port state")
        .hasSize(8);
  }

  /** Each edit RPC of a plan: its XML (when the feature has one) and its CLI. */
  private static String edits(List<EditStep> plan) {
    StringBuilder b = new StringBuilder();
    for (EditGroup g : EditGroup.of(plan)) {
      b.append("## ").append(g.describe()).append('\n');
      if (g.feature().xmlKnown()) {
        b.append(PrettyXml.print(ComwareXml.render(g, Fixtures.ifIndexes())));
      }
      b.append("-- cli\n").append(ComwareCli.text(ComwareCli.render(g))).append("\n\n");
    }
    return b.toString();
  }

  private static void pin(String name, DeviceConfig config) {
    GoldenFiles.assertMatches(
        name + ".xml", PrettyXml.print(ComwareXml.render(config, Fixtures.ifIndexes())));
    GoldenFiles.assertMatches(name + ".cli", ComwareCli.text(ComwareCli.render(config)) + "\n");
  }
}
