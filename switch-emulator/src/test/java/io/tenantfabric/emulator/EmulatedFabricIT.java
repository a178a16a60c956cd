package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.framing.FrameMode;
import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EmulatedFabricIT {
  static EmulatedFabric fabric;

  @BeforeAll
  static void start() {
    fabric = EmulatedFabric.start(EmulatorOptions.builder().preset(FabricLayouts.MINI).build());
  }

  @AfterAll
  static void stop() {
    fabric.close();
  }

  @Test
  void helloNegotiatesChunkedFramingAndGetFindsInterfaceByName() throws Exception {
    EmulatedDevice leaf = fabric.device("leaf-01");
    try (RawNetconfClient c = RawNetconfClient.connect(leaf)) {
      assertThat(c.mode()).isEqualTo(FrameMode.CHUNKED);
      assertThat(c.serverHello()).contains("h3c-save-point");
      String reply =
          c.rpc(
              "<get><filter type=\"subtree\"><top xmlns=\"http://www.h3c.com/netconf/data:1.0\"><Ifmgr><Interfaces><Interface>"
                  + "<Name>FourHundredGigE1/0/5</Name></Interface></Interfaces></Ifmgr></top></filter></get>");
      assertThat(reply)
          .contains("<IfIndex>5</IfIndex>")
          .contains("data:1.0")
          .doesNotContain("1/0/6");
    }
  }
}
