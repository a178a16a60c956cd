package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.Namespaces;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.w3c.dom.Element;

/**
 * Lossless QoS as XML in the GUESSED tables of comware-facts.md section 3.5 ({@code
 * PFC/PFCPorts/Port}, {@code WRED/IfQueueWREDs/IfQueueWRED}, {@code QoS/Interfaces/Interface}):
 * every name here is [G]. Used only where a datastore must hold QoS (the RFC 6241 candidate) and to
 * read QoS back from a switch that reports these tables; Comware transactions send the CLI.
 */
public final class ComwareQosXml {
  private static final String PFC_ON = "1";
  private static final String PFC_OFF = "2";
  private static final Pattern LIST_SEPARATOR = Pattern.compile("[,\\s]+");

  private ComwareQosXml() {}

  /**
   * The edit that moves one port's lossless settings to {@code to} (merge with explicit values).
   */
  public static Element render(EditStep.SetLossless step, IfIndexMap ifIndexes) {
    Element top = Dom.top(Namespaces.H3C_CONFIG);
    renderInto(top, step, ifIndexes);
    return top;
  }

  /**
   * A group of lossless steps as one edit: each port's rows in its order, under the PFC, WRED and
   * QoS tables they share (the ports' settings do not depend on each other).
   */
  public static Element render(EditGroup group, IfIndexMap ifIndexes) {
    Element top = Dom.top(Namespaces.H3C_CONFIG);
    for (EditStep step : group.steps()) {
      if (!(step instanceof EditStep.SetLossless lossless)) {
        // a QoS line outside the baseline is read from, and removed by, the CLI only
        throw new IllegalArgumentException("no XML form for " + step.describe());
      }
      renderInto(top, lossless, ifIndexes);
    }
    return top;
  }

  private static void renderInto(Element top, EditStep.SetLossless step, IfIndexMap ifIndexes) {
    String ifIndex = Integer.toString(ifIndexes.indexOf(step.port()));
    PortLossless to = step.to();
    PortLossless from = step.from();
    Element pfc = Dom.child(Dom.childOnce(Dom.childOnce(top, "PFC"), "PFCPorts"), "Port");
    Dom.operation(pfc, "merge");
    Dom.leaf(pfc, "IfIndex", ifIndex);
    Dom.leaf(pfc, "Enable", to.pfc() ? PFC_ON : PFC_OFF);
    if (to.pfc()) {
      Dom.leaf(pfc, "NoDropDot1p", Integer.toString(to.priority()));
    }
    Dom.leaf(pfc, "DeadlockEnable", Boolean.toString(to.deadlock()));
    Element wredTable = Dom.childOnce(Dom.childOnce(top, "WRED"), "IfQueueWREDs");
    if (from.ecn() && (!to.ecn() || from.priority() != to.priority())) {
      Element old = Dom.child(wredTable, "IfQueueWRED");
      Dom.operation(old, "remove");
      Dom.leaf(old, "IfIndex", ifIndex);
      Dom.leaf(old, "QueueID", Integer.toString(from.priority()));
    }
    if (to.ecn()) {
      Element q = Dom.child(wredTable, "IfQueueWRED");
      Dom.operation(q, "merge");
      Dom.leaf(q, "IfIndex", ifIndex);
      Dom.leaf(q, "QueueID", Integer.toString(to.priority()));
      Dom.leaf(q, "ECN", "true");
      Dom.leaf(q, "WeightingConstant", "0");
    }
    Element qos = Dom.child(Dom.childOnce(Dom.childOnce(top, "QoS"), "Interfaces"), "Interface");
    Dom.operation(qos, "merge");
    Dom.leaf(qos, "IfIndex", ifIndex);
    // "dot1p" is Comware's default trust, so it stands for "no qos trust dscp"
    Dom.leaf(qos, "Trust", to.trustDscp() ? "dscp" : "dot1p");
    Dom.leaf(qos, "TrustTunnelDot1p", Boolean.toString(to.trustTunnelDot1p()));
  }

  /** Reads the guessed tables from a get-config reply into the observation; false if absent. */
  public static boolean parse(Element dataOrTop, IfIndexMap ifIndexes, ObservedConfig into) {
    Element top = ComwareXmlParser.topOf(dataOrTop);
    if (Dom.first(top, "PFC").isEmpty()
        && Dom.first(top, "WRED").isEmpty()
        && Dom.first(top, "QoS").isEmpty()) {
      return false;
    }
    Map<PortName, boolean[]> flags = new TreeMap<>();
    Map<PortName, Integer> noDrop = new TreeMap<>();
    Map<PortName, Integer> ecnQueue = new TreeMap<>();
    for (Element row : Dom.rows(top, "PFC", "PFCPorts", "Port")) {
      Optional<PortName> port = port(row, ifIndexes);
      if (port.isEmpty()) {
        continue;
      }
      boolean[] f = flags.computeIfAbsent(port.get(), p -> new boolean[4]);
      f[0] = Dom.text(row, "Enable").orElse(PFC_OFF).equals(PFC_ON);
      f[1] = ComwareXmlParser.bool(Dom.text(row, "DeadlockEnable").orElse("false"));
      Dom.text(row, "NoDropDot1p")
          .filter(s -> !s.isEmpty())
          .ifPresent(s -> noDrop.put(port.get(), Integer.parseInt(LIST_SEPARATOR.split(s, 2)[0])));
    }
    for (Element row : Dom.rows(top, "WRED", "IfQueueWREDs", "IfQueueWRED")) {
      Optional<PortName> port = port(row, ifIndexes);
      if (port.isPresent() && ComwareXmlParser.bool(Dom.text(row, "ECN").orElse("false"))) {
        flags.computeIfAbsent(port.get(), p -> new boolean[4]);
        ecnQueue.put(port.get(), Integer.parseInt(Dom.text(row, "QueueID").orElse("0")));
      }
    }
    for (Element row : Dom.rows(top, "QoS", "Interfaces", "Interface")) {
      Optional<PortName> port = port(row, ifIndexes);
      if (port.isPresent()) {
        boolean[] f = flags.computeIfAbsent(port.get(), p -> new boolean[4]);
        f[2] = Dom.text(row, "Trust").orElse("").equals("dscp");
        f[3] = ComwareXmlParser.bool(Dom.text(row, "TrustTunnelDot1p").orElse("false"));
      }
    }
    into.lossless.clear();
    for (Map.Entry<PortName, boolean[]> e : flags.entrySet()) {
      boolean[] f = e.getValue();
      Integer prio = noDrop.get(e.getKey());
      boolean pfc = f[0] && prio != null;
      Integer ecnQ = ecnQueue.get(e.getKey());
      int priority = pfc ? prio : ecnQ != null ? ecnQ : 0;
      boolean ecn = ecnQ != null && ecnQ == priority;
      into.lossless.put(e.getKey(), new PortLossless(priority, pfc, ecn, f[2], f[3], f[1] && pfc));
    }
    return true;
  }

  private static Optional<PortName> port(Element row, IfIndexMap ifIndexes) {
    return Dom.text(row, "IfIndex").flatMap(i -> ifIndexes.portOf(Integer.parseInt(i)));
  }
}
