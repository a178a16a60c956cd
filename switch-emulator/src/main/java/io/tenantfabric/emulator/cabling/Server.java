package io.tenantfabric.emulator.cabling;

import java.util.List;

/** A GPU server as its cables see it: name, NICs in order, and whether its LLDP agents talk. */
public record Server(String name, List<String> nics, boolean lldp) {
  public Server {
    nics = List.copyOf(nics);
  }
}
