package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.lifecycle.Day0Facts;
import io.tenantfabric.model.lifecycle.SwitchIdentity;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.PendingReply;
import io.tenantfabric.southbound.session.Rpcs;
import java.util.Objects;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * Reads what a Comware switch reports about itself over one session, each read in one round trip:
 * its identity, its LLDP neighbours with its links down, and its day-0 facts. A failure is the
 * session's NetconfException naming the switch, as for any read.
 */
public final class ComwareLifecycleReader {
  static final String DISPLAY_CONFIG = "display current-configuration";

  private final NetconfSession session;

  public ComwareLifecycleReader(NetconfSession session) {
    this.session = Objects.requireNonNull(session, "session");
  }

  /** Sysname, serial number, model and software: one {@code <get>}. */
  public SwitchIdentity identity() {
    return IdentityReply.parse(session.send(Rpcs.get(LifecycleFilters.identity())).data());
  }

  /**
   * The switch's LLDP neighbours on its front-panel ports and the ports administratively up whose
   * link is down, observed as switch {@code name}: one {@code <get>} of the LLDP neighbour table
   * and the interfaces together. Neighbour rows left out (an IfIndex no interface has, a port
   * outside the front panel, a second neighbour on a port) are in {@link CablingReading#skipped()}
   * with their reason.
   */
  public CablingReading cabling(SwitchName name) {
    Objects.requireNonNull(name, "name");
    return NeighborReply.parse(name, session.send(Rpcs.get(LifecycleFilters.cabling())).data());
  }

  /**
   * Host name, L2VPN, LLDP, VTEP source, EVPN peers, interfaces and jumbo frames: a {@code <get>}
   * of the host name and interfaces, a {@code <get>} of {@code L2VPN/Base} and {@code display
   * current-configuration}, sent together. A switch that refuses L2VPN in XML (comware-facts.md
   * section 0.3) is read from its {@code l2vpn enable} line instead.
   */
  public Day0Facts day0() {
    PendingReply tables = session.send(Rpcs.get(LifecycleFilters.day0Tables()));
    PendingReply l2vpn = session.send(Rpcs.get(LifecycleFilters.l2vpnBase()));
    PendingReply config = session.send(Rpcs.cliExecution(DISPLAY_CONFIG));
    Element tablesData;
    Optional<Element> l2vpnData;
    try {
      tablesData = tables.data();
      l2vpnData = refusedAsEmpty(l2vpn);
    } catch (RuntimeException e) {
      // the rpcs sent behind are waited out, so that the session is quiet for its next use
      l2vpn.awaitQuietly();
      config.awaitQuietly();
      throw e;
    }
    return Day0Reply.facts(tablesData, l2vpnData, config.cliText("Execution"));
  }

  /** The {@code <data>} of a get, or empty when the switch refuses its module in XML. */
  private static Optional<Element> refusedAsEmpty(PendingReply reply) {
    try {
      return Optional.of(reply.data());
    } catch (NetconfRpcException e) {
      if (e.hasTag("unknown-element")) {
        return Optional.empty();
      }
      throw e;
    }
  }
}
