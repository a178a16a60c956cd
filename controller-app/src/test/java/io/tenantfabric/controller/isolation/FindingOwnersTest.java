package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.provisioning.TenantPoolRow;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import io.tenantfabric.model.verify.Evidence;
import io.tenantfabric.model.verify.Finding;
import io.tenantfabric.model.verify.FindingKind;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FindingOwnersTest {

  static final long RED = 11;
  static final long BLUE = 12;
  static final String RED_PORT = "FourHundredGigE1/0/1";
  static final String BLUE_PORT = "FourHundredGigE1/0/2";

  // red and blue each hold a port of leaf-01, as the intent at its applied generation has them
  static final FindingOwners OWNERS =
      FindingOwners.of(
          List.of(
              new TenantPoolRow(RED, "red", 5001, "10.0.0.0/24"),
              new TenantPoolRow(BLUE, "blue", 5002, "10.0.1.0/24")),
          List.of(leaf()),
          "10.0.0.0/8");

  @Test
  void aPortBoundIntoAnotherTenantsVsiIsItsOwnersButItsBindingNamesTheOtherToo() {
    PortConfig seen =
        new PortConfig(
            new PortName(RED_PORT),
            true,
            "",
            Optional.of(new ServiceBinding(7, "t-blue")),
            Optional.of("t-red-in"));
    StoredFinding f =
        OWNERS.store(
            new Finding(
                FindingKind.FOREIGN_PORT_IN_VSI,
                "leaf-01",
                RED_PORT,
                List.of("blue", "red"),
                false,
                RED_PORT + ", red's port, is in vsi t-blue",
                List.of(new Evidence.Port(seen, null))));

    assertThat(f.tenantIds()).containsExactly(BLUE, RED);
    assertThat(f.portTenant()).isEqualTo(RED);
    assertThat(f.summaryTenants()).containsExactlyInAnyOrder(RED, BLUE);
    assertThat(f.evidence()).hasSameSizeAs(f.lineTenants());
    for (int i = 0; i < f.evidence().size(); i++) {
      String line = f.evidence().get(i);
      if (line.contains("t-blue")) {
        assertThat(f.lineTenants().get(i)).as(line).containsExactlyInAnyOrder(RED, BLUE);
      } else {
        assertThat(f.lineTenants().get(i)).as(line).containsExactly(RED);
      }
    }
    assertThat(f.evidence()).anyMatch(l -> l.contains("xconnect vsi t-blue"));
  }

  @Test
  void theStepsOfAPathAreEachTheirOwnersAndAVniIsItsTenants() {
    StoredFinding f =
        OWNERS.store(
            new Finding(
                FindingKind.CROSS_TENANT_PATH,
                null,
                null,
                List.of("blue", "red"),
                false,
                "ports of blue, red share one layer-2 segment",
                List.of(
                    new Evidence.SegmentPort("leaf-01", RED_PORT, "red"),
                    new Evidence.SegmentCircuit("leaf-01", RED_PORT, 1),
                    new Evidence.SegmentVsi("leaf-01", "t-red"),
                    new Evidence.SegmentVni(5002),
                    new Evidence.SegmentVsi("leaf-02", "t-blue"),
                    new Evidence.SegmentPort("leaf-02", "FourHundredGigE1/0/9", "blue"))));

    assertThat(f.lineTenants())
        .containsExactly(
            List.of(RED), List.of(RED), List.of(RED), List.of(BLUE), List.of(BLUE), List.of(BLUE));
    assertThat(f.portTenant()).isNull();
  }

  @Test
  void wordsAsTheyCameNameOnlyWhatTheyMention() {
    StoredFinding f =
        OWNERS.store(
            new Finding(
                FindingKind.UNREADABLE,
                "leaf-01",
                null,
                List.of("blue", "red"),
                false,
                "leaf-01 could not be read",
                List.of(new Evidence.Note("connection refused"))));

    assertThat(f.lineTenants()).containsExactly(List.of());
    assertThat(f.tenantIds()).containsExactly(BLUE, RED);
  }

  @Test
  void aNameThatWasNoLiveTenantHasNoId() {
    StoredFinding f =
        OWNERS.store(
            new Finding(
                FindingKind.SHARED_SEGMENT,
                null,
                null,
                List.of("ghost", "red"),
                false,
                "VNI 5001 is carried by VSIs of ghost, red",
                List.of(new Evidence.VniCarrier("leaf-03", "t-ghost", 5001))));

    assertThat(f.tenantIds()).containsExactly(null, RED);
    assertThat(f.lineTenants()).containsExactly(List.of(RED));
  }

  private static DeviceConfig leaf() {
    TreeMap<String, VsiConfig> vsis = new TreeMap<>();
    vsis.put("t-red", new VsiConfig("t-red", new Vni(5001), "red"));
    vsis.put("t-blue", new VsiConfig("t-blue", new Vni(5002), "blue"));
    TreeMap<PortName, PortConfig> ports = new TreeMap<>();
    ports.put(new PortName(RED_PORT), bound(RED_PORT, 1, "t-red"));
    ports.put(new PortName(BLUE_PORT), bound(BLUE_PORT, 2, "t-blue"));
    return new DeviceConfig(
        new SwitchName("leaf-01"),
        SwitchRole.LEAF,
        LosslessBaseline.none(),
        vsis,
        ports,
        new TreeMap<>());
  }

  private static PortConfig bound(String port, int srvId, String vsi) {
    return new PortConfig(
        new PortName(port),
        true,
        "",
        Optional.of(new ServiceBinding(srvId, vsi)),
        Optional.empty());
  }
}
