package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.session.NetconfSession;
import java.util.List;

/**
 * Changes of one front-panel port that are the fabric's own life, not a tenant's: shut or brought
 * up around a cable move, and split into two 200G sub-ports or joined back into one 400G port. Sent
 * as CLI lines over NETCONF (comware-netconf.md: a breakout has no known XML form, and the device
 * renumbers the IfIndexes of the ports it splits or joins, so a caller reads them again after).
 * Each runs outside any save-point: a breakout is not something a rollback can take back.
 */
public final class ComwarePortChanges {

  private final NetconfSession session;

  public ComwarePortChanges(NetconfSession session) {
    this.session = session;
  }

  /** {@code shutdown} ({@code up} false) or {@code undo shutdown} on {@code port}. */
  public void adminUp(PortName port, boolean up) {
    session.cliConfiguration(
        List.of("interface " + port.value(), up ? "undo shutdown" : "shutdown", "quit"));
  }

  /** Splits {@code FourHundredGigE1/0/N} into {@code TwoHundredGigE1/0/N:1} and {@code :2}. */
  public void split(PortName fourHundred) {
    session.cliConfiguration(
        List.of("interface " + fourHundred.value(), "using twohundredgige", "quit"));
  }

  /** Joins {@code TwoHundredGigE1/0/N:1} and {@code :2} back into {@code FourHundredGigE1/0/N}. */
  public void join(PortName subPort) {
    session.cliConfiguration(
        List.of("interface " + subPort.value(), "using fourhundredgige", "quit"));
  }
}
