package io.tenantfabric.emulator.device;

import java.io.IOException;

/** The SSH listener of a device, opened and closed by its lifecycle. */
public interface Transport {
  /** Listens on host:port (port 0 = ephemeral) and returns the bound port. */
  int open(String host, int port) throws IOException;

  /** Stops listening and closes every session at once. */
  void close();
}
