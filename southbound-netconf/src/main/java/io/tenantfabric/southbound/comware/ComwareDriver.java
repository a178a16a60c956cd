package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.protocol.SecureXml;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.EditConfigOptions;
import io.tenantfabric.southbound.session.ErrorOption;
import io.tenantfabric.southbound.session.NetconfSession;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.w3c.dom.Element;

/**
 * The Comware side of one device transaction over one session: resolves IfIndexes, reads the
 * managed state back and sends edit steps as XML or, for a feature this switch refuses in XML
 * (comware-facts.md section 0.3), as {@code <CLI><Configuration>}; the steps of a group go as one
 * edit. One instance per transaction: it remembers the refused features, so each is discovered at
 * most once.
 */
public final class ComwareDriver {
  private final NetconfSession session;
  private final Set<ComwareFeature> cliFeatures = EnumSet.noneOf(ComwareFeature.class);
  private final ComwareConfigReader reader;

  public ComwareDriver(NetconfSession session) {
    this.session = session;
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
   * Sends a group of steps to {@code target} as one edit (one edit-config, or one CLI block). A
   * refusal comes back as the device's own words: {@code NetconfRpcException} for XML, {@code
   * CliRejectedException} for CLI.
   */
  public void send(EditGroup group, Datastore target, IfIndexMap ifIndexes) {
    ComwareFeature feature = group.feature();
    if (target != Datastore.RUNNING) {
      // The CLI writes running, around the candidate and its confirmed commit: a candidate takes
      // XML only (QoS in the guessed tables of section 3.5), and a refusal is the device's answer.
      Element xml =
          feature == ComwareFeature.QOS
              ? ComwareQosXml.render(group, ifIndexes)
              : ComwareXml.render(group, ifIndexes);
      editXml(target, SecureXml.toString(xml));
      return;
    }
    if (feature.xmlKnown() && !cliFeatures.contains(feature)) {
      try {
        editXml(target, SecureXml.toString(ComwareXml.render(group, ifIndexes)));
        return;
      } catch (NetconfRpcException e) {
        if (!feature.equals(refusedFeature(e))) {
          throw e;
        }
        cliFeatures.add(feature); // comware-facts.md 0.3: this release has no XML for it
      }
    }
    List<String> lines = ComwareCli.render(group);
    String echo = session.cliConfiguration(lines);
    CliEchoScanner.requireClean(session.device(), lines, echo);
  }

  /** The features that went through the CLI so far. */
  public Set<ComwareFeature> cliFeatures() {
    return Set.copyOf(cliFeatures);
  }

  private void editXml(Datastore target, String xml) {
    session.editConfig(
        target, xml, EditConfigOptions.defaults().withErrorOption(ErrorOption.STOP_ON_ERROR));
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
