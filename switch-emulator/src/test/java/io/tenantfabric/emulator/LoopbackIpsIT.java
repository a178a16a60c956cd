package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --bind-mode loopback-ips}: switch N answers NETCONF on 127.0.1.N port 830, as a fabric of
 * real switches would (one address each, the standard port). Port 830 needs root, so this test must
 * run as root; on Linux the whole 127.0.0.0/8 is loopback, so no interface setup is needed.
 */
class LoopbackIpsIT {

  @Test
  void everySwitchListensOnItsOwnLoopbackAddressAtPort830() throws Exception {
    try (EmulatedFabric fabric =
        EmulatedFabric.start(
            EmulatorOptions.builder().preset(FabricLayouts.MINI).loopbackIps(true).build())) {
      List<EmulatedDevice> devices = fabric.devices();
      assertThat(devices).extracting(EmulatedDevice::port).containsOnly(830);
      assertThat(devices)
          .extracting(EmulatedDevice::host)
          .containsExactly("127.0.1.1", "127.0.1.2", "127.0.1.3");
      assertThat(fabric.inventoryJson()).contains("127.0.1.3").doesNotContain("127.0.0.1");
      for (EmulatedDevice d : devices) {
        try (RawNetconfClient c = RawNetconfClient.connect(d)) {
          assertThat(c.serverHello()).contains("urn:ietf:params:netconf:base:1.0");
        }
      }
    }
  }
}
