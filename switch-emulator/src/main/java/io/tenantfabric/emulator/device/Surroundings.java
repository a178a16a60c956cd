package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.cli.PortSplit;
import io.tenantfabric.emulator.lldp.PortLink;
import java.util.List;
import java.util.Map;

/**
 * The fabric around a switch, as the switch needs it: what its cabled ports hear, and a new
 * identity when it is wiped. Implemented by the fabric.
 */
public interface Surroundings {
  /**
   * The cabled ports of switch {@code device}, by port name, with what each far end advertises when
   * {@code listen} (it asks other switches, so a caller must hold no switch's monitor); without,
   * every {@code heard} is null: enough for link state, and asks no other switch.
   */
  Map<String, PortLink> links(String device, boolean listen);

  /** A new host key and serial number for {@code device}, wiped for the {@code wipes}-th time. */
  Identity renew(String device, int wipes);

  /**
   * Moves the cables of {@code device}'s cages that its CLI split or joined onto the new port
   * names; asks no other switch, so a caller may hold its own monitor. Nothing for a switch without
   * cables.
   */
  default void followBreakouts(String device, List<PortSplit> splits) {}
}
