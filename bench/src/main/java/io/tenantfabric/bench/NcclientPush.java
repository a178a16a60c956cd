package io.tenantfabric.bench;

import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.ComwareDriver;
import io.tenantfabric.southbound.comware.ComwareXml;
import io.tenantfabric.southbound.comware.EditGroup;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.protocol.SecureXml;
import io.tenantfabric.southbound.session.DeviceEndpoint;
import io.tenantfabric.southbound.session.NetconfSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * {@code ncclient} (only with {@code --with-ncclient}): a plain ncclient script ({@code
 * bench/ncclient_push.py}, Debian's python3-ncclient) pushes {@value #TENANTS} one-GPU tenants one
 * at a time to a fresh {@code h3c-s9825-2048} emulator (leaves only): per tenant, the edit-configs
 * the controller's XML would send for it (the same planner steps in the same edit groups rendered
 * by the Comware driver, prepared here and handed over as text), on running, without lock,
 * save-point or read-back. Its per-tenant time next to its own trivial-RPC time, and extrapolated
 * to 2,048 tenants.
 */
final class NcclientPush implements Scenario {
  static final String PRESET = FabricPresets.H3C_S9825_2048;
  static final int TENANTS = 64;
  static final int EXTRAPOLATE_TO = 2_048;
  static final Path SCRIPT = Path.of("bench/ncclient_push.py");

  @Override
  public String name() {
    return "ncclient";
  }

  @Override
  public String description() {
    return "a plain ncclient script pushes " + TENANTS + " one-GPU tenants one at a time, d = 0";
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    Path dir = env.outDir().resolve(name());
    Fabric fabric = Fabric.of(FabricPresets.named(PRESET));
    FabricProfile profile = FabricProfile.from(fabric);
    List<SequentialPush.Lease> plan = SequentialPush.plan(fabric, TENANTS);
    try (Emulator emulator = Emulator.start(env, dir, PRESET, true);
        Switches switches = new Switches(emulator.inventory())) {
      Map<String, DeviceEndpoint> endpoints =
          Inventory.endpoints(emulator.inventory(), Emulator.PASSWORD);
      Map<String, TenantIntent> intents = new LinkedHashMap<>();
      List<AllocationIntent> allocations = new ArrayList<>();
      Map<SwitchName, DeviceConfig> current = new HashMap<>();
      Map<SwitchName, IfIndexMap> ifIndexes = new HashMap<>();
      Set<SwitchName> leaves = new TreeSet<>();
      plan.forEach(l -> leaves.add(l.gpu().leaf()));
      FabricSnapshot day0 = new FabricSnapshot(fabric, intents, allocations, profile);
      for (SwitchName leaf : leaves) { // day 0 through the Java client, untimed
        DeviceConfig target = FabricCompiler.compile(day0, leaf);
        current.put(leaf, SequentialPush.apply(switches, null, target, null, null));
        NetconfSession s = switches.session(leaf.value());
        try {
          ifIndexes.put(leaf, new ComwareDriver(s).resolve(ParseScope.of(target).allPorts()));
        } finally {
          s.close();
        }
      }
      List<Map<String, Object>> tenants = new ArrayList<>();
      for (SequentialPush.Lease l : plan) {
        intents.put(l.tenant(), new TenantIntent(l.tenant(), l.vni(), l.prefix()));
        allocations.add(
            new AllocationIntent(
                "alloc-" + l.tenant(), l.tenant(), new TreeSet<>(Set.of(l.gpu().id()))));
        SwitchName leaf = l.gpu().leaf();
        DeviceConfig next =
            FabricCompiler.compile(new FabricSnapshot(fabric, intents, allocations, profile), leaf);
        List<String> edits = new ArrayList<>();
        for (EditGroup group : EditGroup.of(EditPlanner.plan(current.get(leaf), next))) {
          if (!group.feature().xmlKnown()) {
            throw new IOException("a tenant step without XML: " + group.describe());
          }
          edits.add(SecureXml.toString(ComwareXml.render(group, ifIndexes.get(leaf))));
        }
        current.put(leaf, next);
        DeviceEndpoint ep = endpoints.get(leaf.value());
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("tenant", l.tenant());
        t.put("leaf", leaf.value());
        t.put("host", ep.host());
        t.put("port", ep.port());
        t.put("edits", edits);
        tenants.add(t);
      }
      Path planFile = dir.resolve("ncclient-plan.json");
      Files.writeString(
          planFile, Api.JSON.writeValueAsString(Map.of("user", Emulator.USER, "tenants", tenants)));
      JsonNode out = runScript(planFile, dir.resolve("ncclient.log"));

      Latencies perTenant = new Latencies();
      out.get("tenantsMs").forEach(v -> perTenant.add((long) (v.asDouble() * 1e6)));
      Latencies trivial = new Latencies();
      out.get("trivialMs").forEach(v -> trivial.add((long) (v.asDouble() * 1e6)));
      double total = perTenant.totalMs();
      List<Figure> figures = new ArrayList<>();
      figures.add(Figure.context("ncclient trivial RPC p50", trivial.ms(0.5), "ms"));
      figures.add(Figure.context("ncclient per tenant p50", perTenant.ms(0.5), "ms"));
      figures.add(Figure.context("ncclient per tenant p99", perTenant.ms(0.99), "ms"));
      figures.add(Figure.context("ncclient, " + TENANTS + " tenants", total, "ms"));
      figures.add(
          Figure.context(
              "ncclient, " + EXTRAPOLATE_TO + " tenants (extrapolated)",
              total * EXTRAPOLATE_TO / TENANTS,
              "ms"));
      List<String> notes = new ArrayList<>();
      notes.add(
          String.format(
              Locale.ROOT,
              "%.1f edit-configs per tenant (the controller's steps, no lock/save-point/verify);"
                  + " per tenant = %.1f trivial RPCs; sessions opened before the clock; ncclient"
                  + " sends a queued RPC only when its transport loop wakes (select timeout TICK ="
                  + " 0.1 s, ncclient/transport/ssh.py), so each RPC costs about 100 ms",
              out.get("edits").asDouble() / TENANTS,
              perTenant.ms(0.5) / trivial.ms(0.5)));
      return new ScenarioResult(name(), description(), figures, notes);
    }
  }

  /**
   * Debian's interpreter, where python3-ncclient installs (a pyenv or venv python3 first on the
   * PATH would not see it), as the emulator's NcclientInteropIT does; else python3 from the PATH.
   */
  private static String python() {
    return Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
  }

  private static JsonNode runScript(Path plan, Path log) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(python(), SCRIPT.toString(), plan.toString())
            .redirectError(log.toFile());
    pb.environment().put("NCCLIENT_PASSWORD", Emulator.PASSWORD);
    Process p = pb.start();
    String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException(
          "ncclient script failed (apt-get install python3-ncclient?): see " + log + " " + stdout);
    }
    String[] lines = stdout.strip().split("\n");
    return Api.JSON.readTree(lines[lines.length - 1]);
  }
}
