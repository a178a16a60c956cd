package io.tenantfabric.demo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Checks, before anything starts, that the ports the demo will listen on are free. */
final class Ports {
  private Ports() {}

  /**
   * Throws unless {@code port} can be bound on 127.0.0.1; the message names the port, what it is
   * for, and the flag and variable that change it.
   */
  static void requireFree(int port, String what, String flag, String env) throws DemoException {
    if (!free(port)) {
      throw taken(port, what, flag, env);
    }
  }

  /** The same for {@code count} consecutive ports from {@code first}. */
  static void requireFreeRange(int first, int count, String what, String flag, String env)
      throws DemoException {
    if (first + count - 1 > 65535) {
      throw new DemoException(
          what
              + " need "
              + count
              + " ports from "
              + first
              + ", past 65535: choose a lower one with "
              + flag
              + " N or "
              + env
              + "=N");
    }
    for (int p = first; p < first + count; p++) {
      if (!free(p)) {
        throw taken(p, what + " (" + first + "-" + (first + count - 1) + ")", flag, env);
      }
    }
  }

  static boolean free(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static DemoException taken(int port, String what, String flag, String env) {
    return new DemoException(
        "port "
            + port
            + " on 127.0.0.1 ("
            + what
            + ") is taken by another process: free it, or choose another with "
            + flag
            + " N or "
            + env
            + "=N");
  }
}
