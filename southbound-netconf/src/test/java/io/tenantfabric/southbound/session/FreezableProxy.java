package io.tenantfabric.southbound.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP relay that can freeze: it then swallows every byte but keeps both connections
 * open, like a switch that hangs or a path that black-holes traffic.
 */
final class FreezableProxy implements AutoCloseable {

  private final ServerSocket listener;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile boolean frozen;

  FreezableProxy(String targetHost, int targetPort) throws IOException {
    listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              while (!listener.isClosed()) {
                try {
                  Socket in = listener.accept();
                  Socket out = new Socket(targetHost, targetPort);
                  sockets.add(in);
                  sockets.add(out);
                  pump(in, out);
                  pump(out, in);
                } catch (IOException closed) {
                  return; // listener closed by close()
                }
              }
            },
            "proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  void freeze() {
    frozen = true;
  }

  private void pump(Socket from, Socket to) {
    Thread t =
        new Thread(
            () -> {
              byte[] buf = new byte[16384];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                  if (!frozen) {
                    out.write(buf, 0, n);
                    out.flush();
                  }
                }
              } catch (IOException closed) {
                // one side went away; close() tidies up the rest
              }
            },
            "proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket s : sockets) {
      s.close();
    }
  }
}
