package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.DeviceConfig;
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
    List<EditStep> plan = EditPlanner.plan(Fixtures.emptyLeaf(), Fixtures.oneTenantOnePort());
    StringBuilder b = new StringBuilder();
    for (EditStep s : plan) {
      b.append("## ").append(s.describe()).append('\n');
      if (s.feature().xmlKnown()) {
        b.append(PrettyXml.print(ComwareXml.render(s, Fixtures.ifIndexes())));
      }
      b.append("-- cli\n").append(ComwareCli.text(ComwareCli.render(s))).append("\n\n");
    }
    Golden.assertMatches("plan-empty-to-one-tenant.txt", b.toString());
  }

  private static void pin(String name, DeviceConfig config) {
    Golden.assertMatches(
        name + ".xml", PrettyXml.print(ComwareXml.render(config, Fixtures.ifIndexes())));
    Golden.assertMatches(name + ".cli", ComwareCli.text(ComwareCli.render(config)) + "\n");
  }
}
