package io.tenantfabric.model.verify;

import io.tenantfabric.model.compile.CompilerBench;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Benchmark, not a test: the 10,240-GPU preset with 10,240 one-GPU tenants, every leaf compiled and
 * observed exactly as compiled (per-port lossless settings, as the reader gives them); prints the
 * median time of one whole audit after warm-up and what the report holds. Run with {@code java -cp
 * <test-classes>:<classes> io.tenantfabric.model.verify.VerifierBench [runs]}.
 */
public final class VerifierBench {

  private VerifierBench() {}

  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 11;
    Fabric fabric = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_10240));
    FabricSnapshot snapshot = CompilerBench.tenantPerGpu(fabric);
    List<SwitchName> leaves = fabric.leaves().stream().map(Switch::name).toList();
    SortedMap<SwitchName, DeviceConfig> compiled = FabricCompiler.compile(snapshot, leaves);
    List<SwitchObservation> observed = new ArrayList<>();
    for (DeviceConfig config : compiled.values()) {
      Map<PortName, PortLossless> lossless = new TreeMap<>();
      config.losslessPorts().forEach(p -> lossless.put(p, PortLossless.of(config.lossless())));
      observed.add(SwitchObservation.read(config, false, config, List.of(), Map.of(), lossless));
    }
    AuditInput input =
        new AuditInput(fabric, AuditFixture.identities(snapshot), observed, Map.of());

    for (int i = 0; i < Math.max(3, runs / 2); i++) { // warm-up: let the JIT compile the path
      IsolationVerifier.verify(input);
    }
    long[] wall = new long[runs];
    AuditReport report = null;
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      report = IsolationVerifier.verify(input);
      wall[i] = System.nanoTime() - t0;
    }
    Arrays.sort(wall);
    System.out.printf(
        Locale.ROOT,
        "%s, %d tenants, %d leaves audited: status %s, %d findings, %d tenant ports%n",
        fabric,
        input.tenants().size(),
        report.switchesRead(),
        report.status(),
        report.findings().size(),
        report.tenantPorts().size());
    System.out.printf(
        Locale.ROOT,
        "verify (whole audit) runs %d  wall min %.1f ms  p50 %.1f ms  max %.1f ms%n",
        runs,
        wall[0] / 1e6,
        wall[runs / 2] / 1e6,
        wall[runs - 1] / 1e6);
  }
}
