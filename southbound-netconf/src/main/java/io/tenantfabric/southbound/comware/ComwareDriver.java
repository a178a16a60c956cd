package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.EditConfigOptions;
import io.tenantfabric.southbound.session.ErrorOption;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.PendingReply;
import io.tenantfabric.southbound.session.Rpcs;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import org.w3c.dom.Element;

/**
 * The Comware side of one device transaction over one session: resolves IfIndexes, reads the
 * managed state back and sends edit steps as XML or, for a feature this switch refuses in XML
 * (comware-facts.md section 0.3), as {@code <CLI><Configuration>}; the steps of a group go as one
 * edit. One instance per transaction: it remembers the refused features, so each is discovered at
 * most once (and a caller can hand it those earlier transactions found). Edits and read-backs can
 * be sent without waiting, so that a change is a few round trips whatever its size.
 */
public final class ComwareDriver {
  private final NetconfSession session;
  private final Set<ComwareFeature> cliFeatures = EnumSet.noneOf(ComwareFeature.class);
  private final ComwareConfigReader reader;

  public ComwareDriver(NetconfSession session) {
    this(session, Set.of());
  }

  /** A driver that already knows which features this switch takes only through the CLI. */
  public ComwareDriver(NetconfSession session, Set<ComwareFeature> knownCliOnly) {
    this.session = session;
    this.cliFeatures.addAll(knownCliOnly);
    this.reader = new ComwareConfigReader(session, cliFeatures);
  }

  /** The IfIndex of every port; UnknownPortException for a port the switch does not have. */
  public IfIndexMap resolve(Collection<PortName> ports) {
    return reader.resolve(ports);
  }

  /** The managed state of {@code source} within {@code scope}, with anomalies. */
  public ComwareConfigReader.ReadBack read(
      Datastore source, ParseScope scope, IfIndexMap ifIndexes) {
    return reader.read(source, scope, ifIndexes);
  }

  /**
   * Sends a resolve of the scope's ports and a read-back of {@code source} without waiting: behind
   * the edits of a change, the read-back that verifies it costs no round trip of its own.
   */
  public SentRead send(Datastore source, ParseScope scope) {
    return reader.send(source, scope);
  }

  /**
   * As {@link #send(Datastore, ParseScope)}, the lossless settings of every port in scope taken as
   * known rather than read.
   */
  public SentRead send(
      Datastore source, ParseScope scope, SortedMap<PortName, PortLossless> knownLossless) {
    return reader.send(source, scope, knownLossless);
  }

  /**
   * Sends a group of steps to {@code target} as one edit (one edit-config, or one CLI block)
   * without waiting: the caller sends the groups of a change one after another, the switch takes
   * them in order, and the change costs one round trip however many groups it has. Its refusal
   * comes from {@link SentEdit#await}.
   */
  public SentEdit send(EditGroup group, Datastore target, IfIndexMap ifIndexes) {
    ComwareFeature feature = group.feature();
    if (target != Datastore.RUNNING) {
      // The CLI writes running, around the candidate and its confirmed commit: a candidate takes
      // XML only (QoS in the guessed tables of section 3.5), and a refusal is the device's answer.
      Element xml =
          feature == ComwareFeature.QOS
              ? ComwareQosXml.render(group, ifIndexes)
              : ComwareXml.render(group, ifIndexes);
      return SentEdit.xml(group, session.device(), editXml(target, xml), e -> false);
    }
    if (feature.xmlKnown() && !cliFeatures.contains(feature)) {
      Element xml = ComwareXml.render(group, ifIndexes);
      // comware-facts.md 0.3: a release with no XML for the feature names its module
      return SentEdit.xml(
          group,
          session.device(),
          editXml(target, xml),
          e -> feature.equals(refusedFeature(e)) && cliFeatures.add(feature));
    }
    List<String> lines = ComwareCli.render(group);
    return SentEdit.cli(group, session.device(), session.send(Rpcs.cliConfiguration(lines)), lines);
  }

  /** The features that went through the CLI so far. */
  public Set<ComwareFeature> cliFeatures() {
    return Set.copyOf(cliFeatures);
  }

  private PendingReply editXml(Datastore target, Element xml) {
    return session.send(
        Rpcs.editConfig(
            target, xml, EditConfigOptions.defaults().withErrorOption(ErrorOption.STOP_ON_ERROR)));
  }

  private static ComwareFeature refusedFeature(NetconfRpcException e) {
    List<String> modules = new ArrayList<>();
    for (ComwareFeature f : ComwareFeature.values()) {
      if (f.xmlKnown()) {
        modules.add(f.xmlModule());
      }
    }
    String m = ComwareConfigReader.refusedModule(e, modules);
    return m == null ? null : ComwareFeature.ofModule(m).orElse(null);
  }
}
