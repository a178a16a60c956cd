package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.lifecycle.ComwarePortChanges;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.springframework.stereotype.Component;

/**
 * {@link SwitchPortChanges} over the provisioner's pooled sessions. A breakout renumbers the
 * IfIndexes of the ports it touches, so the switch's pooled sessions go with it: the next session
 * reads the IfIndexes again before it edits anything.
 */
@Component
class PortChanges implements SwitchPortChanges {

  private final SessionPool pool;
  private final SnapshotReads switches;
  private final Transactions tx;

  PortChanges(SessionPool pool, SnapshotReads switches, Transactions tx) {
    this.pool = pool;
    this.switches = switches;
    this.tx = tx;
  }

  @Override
  public void adminUp(SwitchName name, PortName port, boolean up) {
    onSession(name, c -> c.adminUp(port, up), false);
  }

  @Override
  public void split(SwitchName name, PortName fourHundred) {
    onSession(name, c -> c.split(fourHundred), true);
  }

  @Override
  public void join(SwitchName name, PortName subPort) {
    onSession(name, c -> c.join(subPort), true);
  }

  @Override
  public Set<PortName> present(SwitchName name, Collection<PortName> ports) {
    Set<PortName> found = new TreeSet<>();
    onSession(name, c -> found.addAll(c.present(ports)), false);
    return found;
  }

  @Override
  public void unconfigure(SwitchName name, PortName port) {
    onSession(name, c -> c.unconfigure(port), false);
  }

  private void onSession(SwitchName name, Consumer<ComwarePortChanges> change, boolean renumbers) {
    PendingSwitch sw =
        tx.read(
            () ->
                switches.managedSwitches().stream()
                    .filter(s -> s.name().equals(name.value()))
                    .findFirst()
                    .orElseThrow(
                        () -> new IllegalArgumentException(name + " is not a managed switch")));
    try (NetconfSession session = pool.session(Endpoints.of(sw))) {
      change.accept(new ComwarePortChanges(session));
    } catch (RuntimeException e) {
      pool.evict(sw.name());
      throw e;
    }
    if (renumbers) {
      pool.evict(sw.name());
    }
  }
}
