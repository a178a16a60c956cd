package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class PortsTest {

  @Test
  void aTakenPortIsNamedWithWhatItIsForAndHowToChangeIt() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();

      assertThatThrownBy(
              () -> Ports.requireFree(port, "the controller's HTTP API", "--port", "SERVER_PORT"))
          .isInstanceOf(DemoException.class)
          .hasMessage(
              "port "
                  + port
                  + " on 127.0.0.1 (the controller's HTTP API) is taken by another process: free"
                  + " it, or choose another with --port N or SERVER_PORT=N");
    }
  }

  @Test
  void aRangeNamesTheFirstTakenPortInIt() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();

      assertThatThrownBy(
              () ->
                  Ports.requireFreeRange(
                      port - 1, 3, "switches", "--emulator-base-port", "EMULATOR_BASE_PORT"))
          .hasMessageStartingWith("port " + port + " on 127.0.0.1 (switches (")
          .hasMessageEndingWith("--emulator-base-port N or EMULATOR_BASE_PORT=N");
    }
  }

  @Test
  void aFreePortPasses() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertThat(Ports.free(port)).isTrue();
  }
}
