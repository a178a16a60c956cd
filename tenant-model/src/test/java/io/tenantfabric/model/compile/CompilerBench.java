package io.tenantfabric.model.compile;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * Benchmark, not a test: the 10,240-GPU preset with 10,240 one-GPU tenants; prints the time to
 * compile one leaf, one spine and the whole fabric (wall and thread CPU time). Run with {@code java
 * -cp <test-classes>:<classes> io.tenantfabric.model.compile.CompilerBench [leaf-compiles]}.
 */
public final class CompilerBench {

  private CompilerBench() {}

  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 500;
    Fabric fabric = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_10240));
    FabricSnapshot snapshot = tenantPerGpu(fabric);
    List<SwitchName> leaves = names(fabric.leaves());
    List<SwitchName> spines = names(fabric.spines());
    Random random = new Random(42);
    for (int i = 0; i < Math.max(200, runs / 2); i++) { // warm-up: let the JIT compile the path
      FabricCompiler.compile(snapshot, leaves.get(random.nextInt(leaves.size())));
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[][] index = time(runs, threads, () -> IntentIndex.of(snapshot));
    long[][] leaf =
        time(
            runs,
            threads,
            () -> FabricCompiler.compile(snapshot, leaves.get(random.nextInt(leaves.size()))));
    long[][] spine =
        time(
            runs,
            threads,
            () -> FabricCompiler.compile(snapshot, spines.get(random.nextInt(spines.size()))));
    int wholeRuns = Math.max(5, runs / 50);
    long[][] whole = time(wholeRuns, threads, () -> FabricCompiler.compile(snapshot));
    SortedMap<SwitchName, DeviceConfig> all = FabricCompiler.compile(snapshot);
    System.out.printf(
        Locale.ROOT,
        "%s, %d tenants, %d allocations, %d switches compiled per whole-fabric run%n",
        fabric,
        snapshot.tenants().size(),
        snapshot.allocations().size(),
        all.size());
    print("validate + index (part of every call)", index);
    print("compile one leaf", leaf);
    print("compile one spine", spine);
    print("compile whole fabric", whole);
  }

  /**
   * One tenant per GPU: tenant i has VNI 10000+i, prefix 10.0.0.0/29 + i, GPU i (VerifierBench
   * too).
   */
  public static FabricSnapshot tenantPerGpu(Fabric fabric) {
    Map<String, TenantIntent> tenants = new LinkedHashMap<>();
    List<AllocationIntent> allocations = new ArrayList<>();
    List<Gpu> gpus = fabric.gpus();
    for (int i = 0; i < gpus.size(); i++) {
      String name = String.format("tenant-%05d", i);
      tenants.put(
          name,
          new TenantIntent(name, new Vni(10_000 + i), new Ipv4Prefix((10 << 24) | i << 3, 29)));
      TreeSet<GpuId> one = new TreeSet<>(List.of(gpus.get(i).id()));
      allocations.add(new AllocationIntent("a-" + i, name, one));
    }
    return new FabricSnapshot(fabric, tenants, allocations, FabricProfile.from(fabric));
  }

  private static List<SwitchName> names(List<Switch> switches) {
    return switches.stream().map(Switch::name).toList();
  }

  private static long[][] time(int runs, ThreadMXBean threads, Runnable call) {
    long[] wall = new long[runs];
    long[] cpu = new long[runs];
    for (int i = 0; i < runs; i++) {
      long c0 = threads.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      call.run();
      wall[i] = System.nanoTime() - t0;
      cpu[i] = threads.getCurrentThreadCpuTime() - c0;
    }
    Arrays.sort(wall);
    Arrays.sort(cpu);
    return new long[][] {wall, cpu};
  }

  private static void print(String what, long[][] t) {
    long[] wall = t[0];
    long[] cpu = t[1];
    System.out.printf(
        Locale.ROOT,
        "%-40s runs %4d  wall p50 %8.3f ms  p99 %8.3f ms  | cpu p50 %8.3f ms  p99 %8.3f ms%n",
        what,
        wall.length,
        ms(wall[wall.length / 2]),
        ms(wall[(int) (wall.length * 0.99)]),
        ms(cpu[cpu.length / 2]),
        ms(cpu[(int) (cpu.length * 0.99)]));
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
