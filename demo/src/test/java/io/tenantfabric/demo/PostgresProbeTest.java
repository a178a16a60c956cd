package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PostgresProbeTest {

  @Test
  void anotherProgramOnThePortIsNotPostgres() throws Exception {
    try (ServerSocket http = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread server =
          new Thread(
              () -> {
                try (Socket s = http.accept();
                    OutputStream out = s.getOutputStream()) {
                  out.write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (Exception e) {
                  // the probe may have gone already
                }
              });
      server.start();

      assertThat(PostgresProbe.answers("127.0.0.1", http.getLocalPort())).isFalse();
      server.join(5000);
    }
  }

  @Test
  void aServerThatAnswersTheSslRequestIsPostgres() throws Exception {
    try (ServerSocket pg = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread server =
          new Thread(
              () -> {
                try (Socket s = pg.accept()) {
                  s.getInputStream().readNBytes(8);
                  s.getOutputStream().write('N'); // no TLS, as a trust-auth server answers
                } catch (Exception e) {
                  // the probe may have gone already
                }
              });
      server.start();

      assertThat(PostgresProbe.answers("127.0.0.1", pg.getLocalPort())).isTrue();
      server.join(5000);
    }
  }

  @Test
  void aClosedPortIsNotPostgres() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertThat(PostgresProbe.answers("127.0.0.1", port)).isFalse();
  }
}
