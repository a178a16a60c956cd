package io.tenantfabric.emulator.support;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/1.1 over a plain socket, for requests Java's HttpClient will not send (its own Host header
 * cannot be replaced) and for clients that stall half-way through a request.
 */
public final class RawHttp {
  private RawHttp() {}

  /** Sends {@code request} (CRLFs included) to 127.0.0.1:port and returns the whole response. */
  public static String exchange(int port, String request) throws IOException {
    try (Socket s = open(port)) {
      s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      s.getOutputStream().flush();
      return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** A connected socket to the control API with a 60 s read timeout (never an endless wait). */
  public static Socket open(int port) throws IOException {
    Socket s = new Socket();
    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
    s.setSoTimeout(60_000);
    return s;
  }

  /** True once the server closed {@code s} (end of stream or reset), false on the read timeout. */
  public static boolean closedByServer(Socket s) {
    try {
      InputStream in = s.getInputStream();
      while (in.read() >= 0) {
        // discard whatever the server says before it closes
      }
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }
}
