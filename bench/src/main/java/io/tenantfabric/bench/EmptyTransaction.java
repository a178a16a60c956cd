package io.tenantfabric.bench;

import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.ComwareDriver;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.transaction.ApplyResult;
import io.tenantfabric.southbound.transaction.DeviceTransaction;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fixed RPCs of one switch transaction, counted: a transaction of the controller's kind
 * (DeviceTransaction, believed current = target, as a provisioner batch plans against the config it
 * last verified) whose plan is empty, on a leaf that holds no tenant. Everything it sends (lock,
 * save-point, resolve, read-back, confirm, unlock) a real change sends too; a change adds its edit
 * RPCs on top, sent with the read-back. Nothing on the switch changes, so it can run beside the
 * controller.
 */
final class EmptyTransaction {
  private EmptyTransaction() {}

  /** What one run sent: RPCs by operation, its round trips (what each carried), the wall time. */
  record Cost(
      Map<String, Long> rpcs,
      long total,
      List<List<String>> trips,
      long nanos,
      Map<String, Double> millis) {}

  static Cost run(Switches switches, Fabric fabric, String leaf) throws IOException {
    FabricSnapshot empty =
        new FabricSnapshot(fabric, Map.of(), List.of(), FabricProfile.from(fabric));
    DeviceConfig target = FabricCompiler.compile(empty, new SwitchName(leaf));
    NetconfSession pooled = switches.session(leaf);
    try {
      // a wrong belief would be replanned, i.e. the leaf brought to the empty config: check first
      ComwareDriver driver = new ComwareDriver(pooled);
      ParseScope scope = ParseScope.of(target);
      DeviceConfig running =
          driver.read(Datastore.RUNNING, scope, driver.resolve(scope.allPorts())).config();
      if (!running.equals(target)) {
        throw new IOException(
            leaf + " does not run the empty-tenant config the model compiles: pick an idle leaf");
      }
      CountingSession counting = CountingSession.wrap(pooled);
      long t0 = System.nanoTime();
      DeviceTransaction tx = new DeviceTransaction(counting.session(), Switches.TRANSACTIONS);
      tx.prepare(target, Optional.of(target));
      ApplyResult applied = tx.confirm();
      long nanos = System.nanoTime() - t0;
      if (!applied.steps().isEmpty() || applied.replanned()) {
        throw new IOException(leaf + " changed under the empty transaction: " + applied.steps());
      }
      return new Cost(
          counting.counts(), counting.total(), counting.trips(), nanos, counting.millis());
    } finally {
      pooled.close();
    }
  }
}
