package io.tenantfabric.emulator.cli;

import io.tenantfabric.emulator.lldp.Neighbour;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

/**
 * What the displays show beside the configuration: the unit's serial number, bridge MAC ({@code
 * xxxx-xxxx-xxxx}) and manufacturing date, its uptime, and the LLDP neighbours of its ports in
 * IfIndex order.
 */
public record DeviceFacts(
    String serialNumber,
    String bridgeMac,
    LocalDate manufacturingDate,
    Duration uptime,
    List<Neighbour> neighbours) {
  public DeviceFacts {
    neighbours = List.copyOf(neighbours);
  }

  /** Facts for a run that displays nothing (the day-0 lines): no identity, no neighbours. */
  public static DeviceFacts none() {
    return new DeviceFacts("", "0000-0000-0000", LocalDate.EPOCH, Duration.ZERO, List.of());
  }
}
