package io.tenantfabric.bench;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A preset (leaves only: the spines carry no tenant config) brought from an empty fabric to one
 * one-GPU tenant on every GPU by {@link Bringup} (8 HTTP clients), with what that took: the
 * bring-up itself, the controller's heap during it and after it, and the load average around it.
 * {@code delayMs}: the emulator's per-RPC delay on every switch during the bring-up (0: none).
 */
record LoadedFabric(
    Product product,
    Fabric fabric,
    Bringup.Result bringup,
    double heapPeakMib,
    double heapAfterGcMib,
    double loadBefore,
    double loadAfter,
    long delayMs) {

  static final int CLIENTS = 8;

  /**
   * Brings {@code preset} up; with {@code delayMs} > 0 the delay is set on every switch once the
   * fabric is IN_SYNC and quiet (so day-0 is pushed at d = 0, as in the d = 0 bring-up) and cleared
   * once every switch is in sync again, so that the quiet wait and the heap read after it do not
   * pay for it.
   */
  static LoadedFabric bringUp(BenchEnvironment env, String key, String preset, long delayMs)
      throws Exception {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    Product p = Product.start(env, key, Product.Options.standard(preset, true));
    try {
      p.awaitInSync(Duration.ofMinutes(10));
      p.awaitQuiet(Duration.ofMinutes(5));
      double load = loadAverage();
      List<String> switches = Inventory.names(p.emulator().inventory());
      EmulatorControl control = p.emulator().control();
      if (delayMs > 0) {
        Parallel.delay(control, switches, delayMs);
      }
      double from = p.controllerUptime();
      Bringup.Result r;
      try {
        r =
            Bringup.oneGpuTenants(
                p.api(), "a", fabric.gpus().size(), CLIENTS, Duration.ofMinutes(20), cpu(p));
      } finally {
        if (delayMs > 0) {
          Parallel.delay(control, switches, 0);
        }
      }
      double to = p.controllerUptime();
      double loadAfter = loadAverage();
      double peak = GcLog.peakMib(p.controllerGcLog(), from, to);
      p.awaitQuiet(Duration.ofMinutes(10));
      double heap = p.controllerHeapAfterGcMib();
      return new LoadedFabric(p, fabric, r, peak, heap, load, loadAfter, delayMs);
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
