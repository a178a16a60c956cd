package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.CliEchoScanner;
import io.tenantfabric.southbound.comware.ComwareXml;
import io.tenantfabric.southbound.comware.ComwareXmlParser;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.protocol.Namespaces;
import io.tenantfabric.southbound.protocol.RpcReplies;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.EditConfigOptions;
import io.tenantfabric.southbound.session.ErrorOption;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.Rpcs;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Changes of one front-panel port that are the fabric's own life, not a tenant's: shut or brought
 * up around a cable move, and split into two 200G sub-ports or joined back into one 400G port. Sent
 * as CLI lines over NETCONF (a breakout has no known XML form, docs/comware-driver.md, and the
 * device renumbers the IfIndexes of the ports it splits or joins, so a caller reads them again
 * after). Each runs outside any save-point: a breakout is not something a rollback can take back.
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
    cli(List.of("interface " + fourHundred.value(), "using twohundredgige", "quit"));
  }

  /** Joins {@code TwoHundredGigE1/0/N:1} and {@code :2} back into {@code FourHundredGigE1/0/N}. */
  public void join(PortName subPort) {
    cli(List.of("interface " + subPort.value(), "using fourhundredgige", "quit"));
  }

  /**
   * Which of {@code ports} the switch has an interface of now: a breakout renames ports, so a step
   * that splits or joins reads the names first and skips what is done already.
   */
  public Set<PortName> present(Collection<PortName> ports) {
    IfIndexMap found = indexes(ports);
    Set<PortName> names = new TreeSet<>();
    for (PortName p : ports) {
      if (found.contains(p)) {
        names.add(p);
      }
    }
    return names;
  }

  /**
   * Takes a free port's lossless settings off it (its PFC, WRED and QoS trust rows, every queue),
   * which the switch refuses a breakout over; one edit-config to running, removes of absent rows
   * being no-ops, so it can be sent again. Nothing when the switch has no such port. The XML names
   * are those of comware-facts.md section 3.5 ([G]); the CLI's {@code undo} forms leave a queue's
   * WRED row behind, so they cannot clear a port.
   */
  public void unconfigure(PortName port) {
    IfIndexMap ifIndexes = indexes(List.of(port));
    if (!ifIndexes.contains(port)) {
      return;
    }
    session.call(
        Rpcs.editConfig(
            Datastore.RUNNING,
            removal(ifIndexes.indexOf(port)),
            EditConfigOptions.defaults().withErrorOption(ErrorOption.STOP_ON_ERROR)));
  }

  // the CLI answers a refused breakout in its echo only: a refusal is thrown with its words
  private void cli(List<String> lines) {
    CliEchoScanner.requireClean(session.device(), lines, session.cliConfiguration(lines));
  }

  // read again each time: a breakout renumbers the IfIndexes of the ports it touches
  private IfIndexMap indexes(Collection<PortName> ports) {
    return ComwareXmlParser.parseIfIndexes(
        RpcReplies.data(session.device(), session.call(Rpcs.get(ComwareXml.ifIndexFilter(ports)))));
  }

  /** The remove of every lossless row of IfIndex {@code ix}. */
  static String removal(int ix) {
    String rm = " xc:operation=\"remove\"";
    StringBuilder x =
        new StringBuilder("<top xmlns=\"" + Namespaces.H3C_CONFIG + "\" xmlns:xc=\"")
            .append(Namespaces.BASE)
            .append("\">");
    x.append("<PFC><PFCPorts><Port").append(rm).append("><IfIndex>").append(ix);
    x.append("</IfIndex></Port></PFCPorts></PFC><WRED><IfQueueWREDs>");
    for (int q = 0; q <= 7; q++) {
      x.append("<IfQueueWRED").append(rm).append("><IfIndex>").append(ix);
      x.append("</IfIndex><QueueID>").append(q).append("</QueueID></IfQueueWRED>");
    }
    x.append("</IfQueueWREDs><IfDropParameters>");
    for (int q = 0; q <= 7; q++) {
      for (int level = 0; level <= 2; level++) {
        x.append("<DropParameter").append(rm).append("><IfIndex>").append(ix);
        x.append("</IfIndex><QueueID>").append(q).append("</QueueID><DropLevel>").append(level);
        x.append("</DropLevel></DropParameter>");
      }
    }
    x.append("</IfDropParameters></WRED><QoS><Interfaces><Interface").append(rm);
    x.append("><IfIndex>").append(ix).append("</IfIndex></Interface></Interfaces></QoS></top>");
    return x.toString();
  }
}
