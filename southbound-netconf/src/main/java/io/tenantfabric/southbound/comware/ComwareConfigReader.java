package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.protocol.RpcError;
import io.tenantfabric.southbound.protocol.RpcReplies;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.PendingReply;
import io.tenantfabric.southbound.session.Rpcs;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.w3c.dom.Element;

/**
 * Reads a switch's managed state back as a DeviceConfig, from running or candidate: XML get-config
 * for the modules the switch accepts, {@code display current-configuration} through the CLI for
 * those it refuses (L2VPN and VXLAN on some releases) and for lossless QoS when its guessed XML
 * tables are refused.
 */
public final class ComwareConfigReader {
  static final List<String> QOS_MODULES = List.of("PFC", "WRED", "QoS");
  static final String DISPLAY_CONFIG = "display current-configuration";
  // the guessed QoS table the read-back names (ComwareXml.readBackFilter): refused, it means the
  // switch has no such XML, and QoS goes through the CLI as when the whole module is refused
  private static final Map<String, String> TABLE_MODULES = Map.of("IfQueueWREDs", "WRED");

  private final NetconfSession session;
  private final Set<ComwareFeature> cliFeatures;

  /** {@code cliFeatures} is shared with the caller: features found refused are added to it. */
  public ComwareConfigReader(NetconfSession session, Set<ComwareFeature> cliFeatures) {
    this.session = session;
    this.cliFeatures = cliFeatures;
  }

  /**
   * Resolves the IfIndex of every port with one get (Name content-match per port); throws
   * UnknownPortException for a port the switch has no interface of.
   */
  public IfIndexMap resolve(Collection<PortName> ports) {
    if (ports.isEmpty()) {
      return IfIndexMap.of(Map.of());
    }
    return resolved(ports, data(session.call(Rpcs.get(ComwareXml.ifIndexFilter(ports)))));
  }

  private Element data(Element reply) {
    return RpcReplies.data(session.device(), reply);
  }

  /** The IfIndexes a resolve's {@code <data>} gives; UnknownPortException for a port it lacks. */
  static IfIndexMap resolved(Collection<PortName> ports, Element data) {
    IfIndexMap map = ComwareXmlParser.parseIfIndexes(data);
    for (PortName p : ports) {
      if (!map.contains(p)) {
        throw new UnknownPortException(p);
      }
    }
    return map;
  }

  /** The state of the switch within a scope, with anomalies; datastore RUNNING or CANDIDATE. */
  public ReadBack read(Datastore source, ParseScope scope, IfIndexMap ifIndexes) {
    Set<String> modules = xmlModules();
    Element data = null;
    while (data == null) {
      try {
        data = data(session.call(Rpcs.getConfig(source, ComwareXml.readBackFilter(modules))));
      } catch (NetconfRpcException e) {
        String refused = refusedModule(e, modules);
        if (refused == null) {
          throw e;
        }
        modules.remove(refused);
        if (QOS_MODULES.contains(refused)) {
          modules.removeAll(QOS_MODULES);
          cliFeatures.add(ComwareFeature.QOS);
        } else {
          ComwareFeature.ofModule(refused).ifPresent(cliFeatures::add);
        }
      }
    }
    String cli = cliFeatures.isEmpty() ? null : session.cliExecution(DISPLAY_CONFIG);
    return parse(data, cli, scope, ifIndexes);
  }

  /**
   * Sends a resolve of the scope's ports and the read-back of {@code source} without waiting, both
   * in one round trip (behind whatever the caller sent before: the read sees it applied).
   */
  public SentRead send(Datastore source, ParseScope scope) {
    return send(source, scope, null);
  }

  /**
   * As {@link #send(Datastore, ParseScope)}, but with {@code knownLossless} (every port in scope
   * with its lossless settings, as last verified) the XML read leaves the QoS modules out and the
   * read-back takes those settings as known.
   */
  public SentRead send(
      Datastore source, ParseScope scope, SortedMap<PortName, PortLossless> knownLossless) {
    Collection<PortName> ports = scope.allPorts();
    PendingReply resolve =
        ports.isEmpty() ? null : session.send(Rpcs.get(ComwareXml.ifIndexFilter(ports)));
    Set<String> modules = xmlModules(knownLossless != null);
    PendingReply config = session.send(Rpcs.getConfig(source, ComwareXml.readBackFilter(modules)));
    PendingReply cli =
        cliFeatures.isEmpty() ? null : session.send(Rpcs.cliExecution(DISPLAY_CONFIG));
    return new SentRead(this, source, scope, resolve, modules, config, cli, knownLossless);
  }

  /** The XML modules the read-back asks for: every known one this switch has not refused. */
  Set<String> xmlModules() {
    return xmlModules(false);
  }

  /** {@link #xmlModules()}, without the QoS modules when {@code losslessKnown}. */
  Set<String> xmlModules(boolean losslessKnown) {
    Set<String> modules = new LinkedHashSet<>();
    for (ComwareFeature f : ComwareFeature.values()) {
      if (f.xmlKnown() && !cliFeatures.contains(f)) {
        modules.add(f.xmlModule());
      }
    }
    if (!losslessKnown && !cliFeatures.contains(ComwareFeature.QOS)) {
      modules.addAll(QOS_MODULES);
    }
    return modules;
  }

  /**
   * The read-back from a get-config's {@code <data>} and, when some features go through the CLI,
   * the text of {@code display current-configuration}.
   */
  ReadBack parse(Element data, String cli, ParseScope scope, IfIndexMap ifIndexes) {
    return parse(data, cli, scope, ifIndexes, null);
  }

  /**
   * As {@link #parse(Element, String, ParseScope, IfIndexMap)}; with {@code knownLossless} (a read
   * sent without the QoS modules) the lossless settings are those, not read.
   */
  ReadBack parse(
      Element data,
      String cli,
      ParseScope scope,
      IfIndexMap ifIndexes,
      SortedMap<PortName, PortLossless> knownLossless) {
    ObservedConfig observed = ComwareXmlParser.parse(data, ifIndexes);
    if (knownLossless != null && !cliFeatures.contains(ComwareFeature.QOS)) {
      observed.lossless.putAll(knownLossless);
    } else if (!cliFeatures.contains(ComwareFeature.QOS)) {
      ComwareQosXml.parse(data, ifIndexes, observed);
    }
    if (!cliFeatures.isEmpty()) {
      ObservedConfig fromCli = ComwareCliParser.parse(cli);
      for (ComwareFeature f : cliFeatures) {
        observed.take(f, fromCli);
      }
    }
    DeviceConfig config = observed.toDeviceConfig(scope);
    return new ReadBack(
        config,
        observed.anomalies(),
        observed.outboundFilters(scope),
        observed.portLossless(scope));
  }

  /**
   * The module an unknown-element error names ("Unexpected element '...':'L2VPN' under element
   * '/rpc/..."), if it is one we asked for.
   */
  static String refusedModule(NetconfRpcException e, Collection<String> asked) {
    if (!e.hasTag("unknown-element")) {
      return null;
    }
    for (RpcError err : e.errors()) {
      List<String> candidates = new ArrayList<>();
      // a table the read-back filter names inside a module stands for its module
      err.badElement().map(b -> TABLE_MODULES.getOrDefault(b, b)).ifPresent(candidates::add);
      if (err.message() != null) {
        for (String m : asked) {
          if (err.message().contains("'" + m + "'")) {
            candidates.add(m);
          }
        }
      }
      for (String c : candidates) {
        if (asked.contains(c)) {
          return c;
        }
      }
    }
    return null;
  }

  /**
   * A read-back: the config (with each managed port's extras), what the model could not express,
   * and two views for the isolation verifier: the outbound IPv4 packet-filter of each managed port
   * that has one (among that port's extras too), and the lossless settings of every port in scope
   * ({@link PortLossless#NONE} where none), which the config folds into one baseline; both sorted
   * by {@link PortOrder#NATURAL}.
   */
  public record ReadBack(
      DeviceConfig config,
      List<String> anomalies,
      Map<PortName, String> outboundFilters,
      SortedMap<PortName, PortLossless> portLossless) {
    public ReadBack {
      anomalies = List.copyOf(anomalies);
      outboundFilters = sorted(outboundFilters);
      portLossless = sorted(portLossless);
    }

    private static <V> SortedMap<PortName, V> sorted(Map<PortName, V> m) {
      SortedMap<PortName, V> copy = new TreeMap<>(PortOrder.NATURAL);
      copy.putAll(m);
      return Collections.unmodifiableSortedMap(copy);
    }
  }
}
