package io.tenantfabric.demo;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Whether a PostgreSQL server answers at an address: it sends the protocol's SSLRequest and expects
 * the one-byte answer every server gives ({@code S} or {@code N}), so another program on the port
 * does not pass for PostgreSQL.
 */
final class PostgresProbe {
  // PostgreSQL protocol 3, "SSLRequest": Int32 length 8, Int32 80877103
  private static final int SSL_REQUEST_CODE = 80877103;
  private static final int TIMEOUT_MS = 2000;

  private PostgresProbe() {}

  static boolean answers(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), TIMEOUT_MS);
      s.setSoTimeout(TIMEOUT_MS);
      DataOutputStream out = new DataOutputStream(s.getOutputStream());
      out.writeInt(8);
      out.writeInt(SSL_REQUEST_CODE);
      out.flush();
      int answer = new DataInputStream(s.getInputStream()).read();
      return answer == 'S' || answer == 'N';
    } catch (IOException e) {
      return false;
    }
  }
}
