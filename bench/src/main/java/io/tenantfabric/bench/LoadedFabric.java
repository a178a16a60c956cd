package io.tenantfabric.bench;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A preset (leaves only: the spines carry no tenant config) brought from an empty fabric to one
 * one-GPU tenant on every GPU by {@link Bringup} (8 HTTP clients), with what that took: the
 * bring-up itself, the controller's heap during it and after it, and the load average around it.
 */
record LoadedFabric(
    Product product,
    Fabric fabric,
    Bringup.Result bringup,
    double heapPeakMib,
    double heapAfterGcMib,
    double loadBefore,
    double loadAfter) {

  static final int CLIENTS = 8;

  static LoadedFabric bringUp(BenchEnvironment env, String key, String preset) throws Exception {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    Product p = Product.start(env, key, Product.Options.standard(preset, true));
    try {
      p.awaitInSync(Duration.ofMinutes(10));
      p.awaitQuiet(Duration.ofMinutes(5));
      double load = loadAverage();
      double from = p.controllerUptime();
      Bringup.Result r =
          Bringup.oneGpuTenants(
              p.api(), "a", fabric.gpus().size(), CLIENTS, Duration.ofMinutes(20), cpu(p));
      double to = p.controllerUptime();
      double loadAfter = loadAverage();
      double peak = GcLog.peakMib(p.controllerGcLog(), from, to);
      p.awaitQuiet(Duration.ofMinutes(10));
      double heap = p.controllerHeapAfterGcMib();
      return new LoadedFabric(p, fabric, r, peak, heap, load, loadAfter);
    } catch (Exception e) {
      p.close();
      throw e;
    }
  }

  /** The processes of a bring-up: the product's two, PostgreSQL's, and the bench's clients. */
  private static CpuShares cpu(Product p) {
    long controller = p.controllerPid();
    long emulator = p.emulator().pid();
    long bench = ProcessHandle.current().pid();
    return new CpuShares()
        .group("controller", h -> h.pid() == controller)
        .group("emulator", h -> h.pid() == emulator)
        .group("PostgreSQL", CpuShares::postgres)
        .group("bench clients", h -> h.pid() == bench);
  }

  /** Each tenant's lease by the id of the GPU it holds. */
  Map<String, Bringup.Lease> leasesByGpu() {
    Map<String, Bringup.Lease> by = new HashMap<>();
    bringup.leases().forEach(l -> by.put(l.gpu(), l));
    return by;
  }

  /** The system load average over the last minute. */
  static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
