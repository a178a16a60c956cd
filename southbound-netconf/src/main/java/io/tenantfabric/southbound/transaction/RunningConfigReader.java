package io.tenantfabric.southbound.transaction;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.comware.UnknownPortException;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The read-back of a switch as before the Comware reading moved to the driver; kept so that callers
 * compile while they move to {@link ComwareConfigReader}, to which it delegates.
 *
 * @deprecated use {@link ComwareConfigReader}: it reads running or candidate and is Comware's
 */
@Deprecated
public final class RunningConfigReader {
  private final NetconfSession session;
  private final ComwareConfigReader reader;

  /** {@code cliFeatures} is shared with the caller: features found refused are added to it. */
  public RunningConfigReader(NetconfSession session, Set<ComwareFeature> cliFeatures) {
    this.session = session;
    this.reader = new ComwareConfigReader(session, cliFeatures);
  }

  /** Resolves the IfIndex of every port; a missing port fails with phase "resolve". */
  public IfIndexMap resolve(Collection<PortName> ports) {
    try {
      return reader.resolve(ports);
    } catch (UnknownPortException e) {
      throw new DeviceTransactionException(
          session.device(), "resolve", "no interface named " + e.port().value(), e);
    }
  }

  /** The state of the switch within a scope, with anomalies; datastore RUNNING or CANDIDATE. */
  public ReadBack read(Datastore source, ParseScope scope, IfIndexMap ifIndexes) {
    ComwareConfigReader.ReadBack back = reader.read(source, scope, ifIndexes);
    return new ReadBack(back.config(), back.anomalies());
  }

  /** A read-back: the config and what the model could not express. */
  public record ReadBack(DeviceConfig config, List<String> anomalies) {
    public ReadBack {
      anomalies = List.copyOf(anomalies);
    }
  }
}
