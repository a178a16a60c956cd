package io.tenantfabric.emulator.lldp;

import java.time.Instant;

/**
 * A cabled port as its switch sees it: when the cable went in, and what the far end advertises;
 * {@code heard} is null when the far end sends no LLDP (its LLDP is off, or its port is gone).
 */
public record PortLink(Instant cabledSince, Advertisement heard) {
  public PortLink {
    if (cabledSince == null) {
      throw new IllegalArgumentException("a cable has a time it went in");
    }
  }
}
