package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A config read from a switch shows its ports' extras; one without extras is stored as before. */
class DeviceConfigJsonTest {
  private static final PortName P5 = PortName.fourHundred(5);

  private static DeviceConfig leaf(PortConfig port) {
    VsiConfig vsi = VsiConfig.forTenant("acme", new Vni(10005));
    return new DeviceConfig(
        new SwitchName("leaf-01"),
        SwitchRole.LEAF,
        LosslessBaseline.none(),
        new TreeMap<>(Map.of(vsi.name(), vsi)),
        new TreeMap<>(Map.of(P5, port)),
        new TreeMap<>());
  }

  private static PortConfig bound() {
    return new PortConfig(
        P5, true, "", Optional.of(new ServiceBinding(1, "t-acme")), Optional.empty());
  }

  @Test
  void aConfigWithoutExtrasWritesNoExtrasField() {
    assertThat(DeviceConfigJson.write(leaf(bound()))).doesNotContain("extras");
  }

  @Test
  void everyKindOfExtraIsWrittenAndReadBack() {
    DeviceConfig read =
        leaf(
            bound()
                .withExtras(
                    List.of(
                        new PortExtra.Service(
                            2, ServiceEncapsulation.qinq("100", "200"), Optional.of("t-globex")),
                        new PortExtra.Service(
                            3, ServiceEncapsulation.unreadable("Encap 13"), Optional.empty()),
                        new PortExtra.PacketFilter(
                            "t-globex-in",
                            PortExtra.PacketFilter.Direction.OUTBOUND,
                            PortExtra.PacketFilter.Family.IPV4),
                        new PortExtra.Qos("qos apply policy mirror inbound"))));

    String json = DeviceConfigJson.write(read);

    assertThat(json).contains("\"extras\"", "\"match\":\"QINQ\"", "\"vsi\":\"t-globex\"");
    assertThat(DeviceConfigJson.read(json)).isEqualTo(read);
  }
}
