package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.protocol.RpcError;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The read-back asks for what the parsers read, and a refused part falls back as its module. */
class ReadBackFilterTest {

  @Test
  void ifmgrByColumnsWredByTableTheRestWhole() {
    String filter =
        SecureXml.toString(
            ComwareXml.readBackFilter(List.of("Ifmgr", "L2VPN", "ACL", "PFC", "WRED", "QoS")));
    assertThat(filter)
        .contains(
            "<Ifmgr><Interfaces><Interface><IfIndex/><AdminStatus/><Description/></Interface>"
                + "</Interfaces></Ifmgr>")
        .contains("<L2VPN/>")
        .contains("<ACL/>")
        .contains("<PFC/>")
        .contains("<WRED><IfQueueWREDs/></WRED>")
        .contains("<QoS/>")
        .doesNotContain("IfDropParameters");
  }

  @Test
  void aRefusedWredTableIsARefusedWredModule() {
    NetconfRpcException refused =
        new NetconfRpcException(
            "leaf-01",
            List.of(
                new RpcError(
                    "application",
                    "unknown-element",
                    "error",
                    null,
                    "/rpc/get-config/filter/top/WRED",
                    "Unexpected element 'IfQueueWREDs'",
                    Map.of("bad-element", "IfQueueWREDs"))));
    assertThat(ComwareConfigReader.refusedModule(refused, List.of("Ifmgr", "WRED", "QoS")))
        .isEqualTo("WRED");
  }
}
