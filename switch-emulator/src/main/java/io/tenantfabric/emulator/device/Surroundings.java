package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.lldp.PortLink;
import java.util.Map;

/**
 * The fabric around a switch, as the switch needs it: what its cabled ports hear, and a new
 * identity when it is wiped. Implemented by the fabric.
 */
public interface Surroundings {
  /**
   * The cabled ports of switch {@code device}, by port name, with what each far end advertises. It
   * asks other switches, so a caller must hold no switch's monitor.
   */
  Map<String, PortLink> links(String device);

  /** A new host key and serial number for {@code device}, wiped for the {@code wipes}-th time. */
  Identity renew(String device, int wipes);
}
