package io.tenantfabric.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A free loopback port for a server the bench starts (the controller's HTTP port, the emulator's
 * control API), picked below the kernel's ephemeral range. A port that {@code new ServerSocket(0)}
 * returned is itself ephemeral: between the pick and the child process's bind, the kernel could
 * hand it to one of the thousands of outgoing connections a run opens (HTTP clients, SSH sessions,
 * JDBC), and the start failed with "Address already in use". Below the range only listeners take
 * ports.
 */
final class ListenPorts {

  private static final int LOWEST = 20_000;
  private static final int DEFAULT_EPHEMERAL_FIRST = 32_768;

  private ListenPorts() {}

  /** A port in 20000..(ephemeral start - 1) that nothing listens on now. */
  static int free() throws IOException {
    int below = ephemeralFirst(); // above LOWEST + 100
    int span = below - LOWEST;
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = LOWEST + ThreadLocalRandom.current().nextInt(span);
      try (ServerSocket s = new ServerSocket()) {
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return port;
      } catch (IOException taken) {
        // taken: try another
      }
    }
    throw new IOException("no free loopback port in " + LOWEST + ".." + (below - 1));
  }

  // Linux: "32768\t60999"; elsewhere (or unreadable) the IANA range's start is close enough
  private static int ephemeralFirst() {
    Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    try {
      int first = Integer.parseInt(Files.readString(range).strip().split("\\s+")[0]);
      return first > LOWEST + 100 ? first : DEFAULT_EPHEMERAL_FIRST;
    } catch (IOException | RuntimeException e) {
      return DEFAULT_EPHEMERAL_FIRST;
    }
  }
}
