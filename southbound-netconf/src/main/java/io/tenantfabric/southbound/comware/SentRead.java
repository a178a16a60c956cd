package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.PendingReply;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.w3c.dom.Element;

/**
 * A resolve and a read-back on their way to the switch ({@link ComwareDriver#send(Datastore,
 * ParseScope)}): {@link #ifIndexes} then {@link #readBack} wait for them. Should the switch refuse
 * a module the read asked for, or a feature have moved to the CLI since it was sent, the read-back
 * is read again the careful way ({@link ComwareConfigReader#read}), a module at a time.
 */
public final class SentRead {
  private final ComwareConfigReader reader;
  private final Datastore source;
  private final ParseScope scope;
  private final PendingReply resolve;
  private final Set<String> modules;
  private final PendingReply config;
  private final PendingReply cli;
  private final SortedMap<PortName, PortLossless> knownLossless;
  private IfIndexMap ifIndexes;

  SentRead(
      ComwareConfigReader reader,
      Datastore source,
      ParseScope scope,
      PendingReply resolve,
      Set<String> modules,
      PendingReply config,
      PendingReply cli,
      SortedMap<PortName, PortLossless> knownLossless) {
    this.knownLossless = knownLossless;
    this.reader = reader;
    this.source = source;
    this.scope = scope;
    this.resolve = resolve;
    this.modules = Set.copyOf(modules);
    this.config = config;
    this.cli = cli;
  }

  /**
   * The IfIndex of every port in scope; UnknownPortException for a port the switch lacks. On any
   * failure the read sent behind the resolve is waited out first, so that the session is quiet.
   */
  public IfIndexMap ifIndexes() {
    if (ifIndexes == null) {
      try {
        ifIndexes =
            resolve == null
                ? IfIndexMap.of(Map.of())
                : ComwareConfigReader.resolved(scope.allPorts(), resolve.data());
      } catch (RuntimeException e) {
        config.awaitQuietly();
        quietly();
        throw e;
      }
    }
    return ifIndexes;
  }

  /** The state of the switch within the scope, with anomalies; after {@link #ifIndexes}. */
  public ComwareConfigReader.ReadBack readBack() {
    IfIndexMap indexes = ifIndexes();
    Element data;
    try {
      data = config.data();
    } catch (NetconfRpcException e) {
      quietly();
      if (ComwareConfigReader.refusedModule(e, modules) == null) {
        throw e;
      }
      return reader.read(source, scope, indexes);
    }
    String text = cli == null ? null : cli.cliText("Execution");
    if (!reader.xmlModules(knownLossless != null).equals(modules)) {
      return reader.read(source, scope, indexes);
    }
    return reader.parse(data, text, scope, indexes, knownLossless);
  }

  /** Waits for what is still on its way and forgets it: after a failure, or unused. */
  public void awaitQuietly() {
    if (resolve != null) {
      resolve.awaitQuietly();
    }
    config.awaitQuietly();
    quietly();
  }

  private void quietly() {
    if (cli != null) {
      cli.awaitQuietly();
    }
  }
}
