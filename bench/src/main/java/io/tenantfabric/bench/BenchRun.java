package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bench/run [--scenario NAME[,NAME...]] [--out DIR] [--with-ncclient] [--minutes N] [--seed
 * N]}: runs the scenarios (default: all but {@code soak} and {@code chaos}, which run when named:
 * the soak for {@code --minutes} measured minutes, the chaos run with the fault schedule of {@code
 * --seed}), writes {@code DIR/<scenario>.json} for each and prints one table. Exit code 0 when
 * every scenario ran (a missed target is a figure, not a failure), 1 when one could not run, 2 on a
 * bad command line.
 */
public final class BenchRun {

  /**
   * The per-RPC device delay the -d50 scenarios run at: the order of a real switch's NETCONF RPC
   * (docs/perf/device-latency.md), where the targets written for switches are held.
   */
  static final long DELAY_MS = 50;

  /**
   * Every scenario, in the order "all" runs them: the ones on the 1,024-GPU fabric, then the 2,048
   * and 10,240 bring-ups and what shares their loaded fabrics (readback measures the 64 leaves,
   * lets that fabric go, then needs the 320), fanout since it changes the 10,240 fabric, and the
   * live growth of 1,024 into 2,048 GPUs on a product of its own. allocate-8-d50 comes right after
   * allocate-8, before burst, so that it finds the 1,024-GPU fabric as empty as allocate-8 left it
   * (burst leaves its tenants' allocations); bringup-2048-d50 brings up a fabric of its own, before
   * any loaded fabric is up, so that no other product is alive beside it.
   */
  static final List<Scenario> SCENARIOS =
      List.of(
          new NetconfFloor(),
          new Allocate8(),
          new Allocate8(DELAY_MS),
          new Burst(),
          new PlacementScenario(),
          new WritePath(),
          new BringupScenario(FabricPresets.H3C_S9825_2048, 2_048, 30_000, 64, DELAY_MS),
          new BringupScenario(FabricPresets.H3C_S9825_2048, 2_048, 20_000, 2_048),
          new Readback(),
          new BringupScenario(FabricPresets.H3C_S9825_10240, 10_240, 60_000, 512),
          new Audit320(),
          new Fanout(),
          new Grow2048());

  private BenchRun() {}

  public static void main(String[] args) throws Exception {
    Api.configureTransport();
    // stopped (kill, a shell's timeout) or failing on its way out, the run takes its emulators and
    // controllers with it: one left running holds the bench database's provisioning lead (Database)
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroy)));
    List<String> wanted = new ArrayList<>();
    boolean withNcclient = false;
    int soakMinutes = Soak.DEFAULT_MINUTES;
    long seed = 1;
    Path out = Path.of("target/bench");
    Path emulatorJar = Path.of("switch-emulator/target/switch-emulator.jar");
    Path controllerJar = Path.of("controller-app/target/controller-app.jar");
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : null;
      if (args[i].equals("--with-ncclient")) {
        withNcclient = true;
        continue;
      }
      switch (args[i]) {
        case "--scenario" -> wanted.addAll(List.of(required(value, args[i]).split(",")));
        case "--out" -> out = Path.of(required(value, args[i]));
        case "--minutes" -> soakMinutes = positive(required(value, args[i]), args[i]);
        case "--seed" -> seed = seed(required(value, args[i]));
        case "--emulator-jar" -> emulatorJar = Path.of(required(value, args[i]));
        case "--controller-jar" -> controllerJar = Path.of(required(value, args[i]));
        default -> usage("unknown option " + args[i]);
      }
      i++;
    }
    // soak and chaos only when named: the soak's minutes would more than double a full run, and the
    // chaos run's figures are correctness under faults, not speed (it needs PostgreSQL's server
    // binaries too, to make a standby)
    List<Scenario> named = new ArrayList<>(SCENARIOS);
    named.add(new Soak(soakMinutes));
    named.add(new ChaosScenario(seed));
    List<Scenario> run = new ArrayList<>();
    for (String name : wanted.isEmpty() ? List.of("all") : wanted) {
      if (name.equals("all")) {
        run.addAll(SCENARIOS);
      } else {
        run.add(
            named.stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseGet(
                    () -> {
                      usage("no scenario " + name);
                      return null;
                    }));
      }
    }
    if (withNcclient) {
      run.add(new NcclientPush());
    }
    Files.createDirectories(out);
    BenchEnvironment env =
        new BenchEnvironment(
            emulatorJar,
            controllerJar,
            out,
            env("FABRIC_BENCH_DB_HOST", "127.0.0.1"),
            Integer.parseInt(env("FABRIC_BENCH_DB_PORT", "5432")),
            env("FABRIC_DB_ADMIN_USER", "postgres"),
            env("FABRIC_DB_OWNER_USER", "tenant_fabric_owner"),
            env("FABRIC_DB_USER", "tenant_fabric"),
            env("FABRIC_BENCH_DB_NAME", "tenant_fabric_bench"));
    String autovacuum = Database.setting(env, "autovacuum");
    if (!"on".equals(autovacuum)) {
      System.out.println(
          "bench/run: PostgreSQL runs with autovacuum = "
              + autovacuum
              + ": tables that grow during a scenario are never analyzed nor vacuumed"
              + " (docs/perf/database-statistics.md)");
    }
    List<ScenarioResult> results = new ArrayList<>();
    boolean failed = false;
    long runStart = System.nanoTime();
    try (Fixtures fixtures = new Fixtures(env, run)) {
      for (Scenario s : run) {
        System.out.println("== " + s.name() + ": " + s.description());
        Instant started = Instant.now();
        double load = LoadedFabric.loadAverage();
        try {
          ScenarioResult r = s.run(env, fixtures);
          r =
              r.withNote(
                  String.format(
                      Locale.ROOT,
                      "load average (1 min) %.1f at the start, %.1f at the end; %d s",
                      load,
                      LoadedFabric.loadAverage(),
                      Duration.between(started, Instant.now()).toSeconds()));
          write(out.resolve(s.name() + ".json"), r, started, load, autovacuum);
          results.add(r);
          s.fixtures().forEach(k -> fixtures.done(s, k));
        } catch (Exception e) {
          failed = true;
          System.out.println("!! " + s.name() + " could not run: " + e);
          e.printStackTrace(System.out);
          String reason = e.toString();
          reason = reason.length() > 300 ? reason.substring(0, 300) + "..." : reason;
          results.add(
              new ScenarioResult(
                  s.name(), s.description(), List.of(), List.of("FAILED: " + reason)));
          // what it left is unknown: the next scenario that needs it starts it afresh
          s.fixtures().forEach(fixtures::discard);
        }
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%nbench/run: %d scenario(s) in %d s%n",
        run.size(),
        (System.nanoTime() - runStart) / 1_000_000_000L);
    System.out.println();
    System.out.print(table(results));
    System.exit(failed ? 1 : 0);
  }

  private static void write(
      Path file, ScenarioResult r, Instant started, double load, String autovacuum)
      throws Exception {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", 1);
    doc.put("scenario", r.scenario());
    doc.put("description", r.description());
    doc.put("startedAt", started.toString());
    doc.put("finishedAt", Instant.now().toString());
    doc.put("commit", System.getenv().getOrDefault("BENCH_COMMIT", "unknown"));
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    machine.put("java", System.getProperty("java.version"));
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    machine.put("loadAverageStart", Math.round(load * 100) / 100.0);
    machine.put("loadAverageEnd", Math.round(LoadedFabric.loadAverage() * 100) / 100.0);
    // how this run started the controller (a scenario without one would have started it so)
    machine.put("controllerJvm", Product.Options.standard("", true).controllerJvm());
    machine.put("postgresAutovacuum", autovacuum);
    doc.put("machine", machine);
    doc.put("figures", r.figures());
    doc.put("notes", r.notes());
    Files.writeString(
        file, Api.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n");
  }

  static String table(List<ScenarioResult> results) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "| %-13s | %-52s | %14s | %-12s | %-4s |%n",
            "scenario",
            "figure",
            "value",
            "target",
            "met"));
    b.append(
        "| ------------- | ---------------------------------------------------- | -------------- |"
            + " ------------ | ---- |\n");
    for (ScenarioResult r : results) {
      if (r.figures().isEmpty()) {
        b.append(
            String.format(
                Locale.ROOT,
                "| %-13s | %-52s | %14s | %-12s | %-4s |%n",
                r.scenario(),
                String.join("; ", r.notes()),
                "-",
                "-",
                "-"));
      }
      for (Figure f : r.figures()) {
        b.append(
            String.format(
                Locale.ROOT,
                "| %-13s | %-52s | %14s | %-12s | %-4s |%n",
                r.scenario(),
                f.name(),
                Figure.format(f.value()) + (f.unit().isEmpty() ? "" : " " + f.unit()),
                f.target() == null ? "" : f.target() + " " + f.unit(),
                f.met() == null ? "" : f.met() ? "yes" : "NO"));
      }
    }
    for (ScenarioResult r : results) {
      r.notes().forEach(n -> b.append(r.scenario()).append(": ").append(n).append('\n'));
    }
    return b.toString();
  }

  private static String env(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }

  private static String required(String value, String option) {
    if (value == null) {
      usage(option + " needs a value");
    }
    return value;
  }

  /** A whole number of minutes, at least 1; anything else is a bad command line. */
  private static long seed(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      usage("--seed needs an integer, not " + value);
      return 0;
    }
  }

  private static int positive(String value, String option) {
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // refused below, as a non-positive value is
    }
    usage(option + " needs a whole number above 0, not " + value);
    return 0;
  }

  private static void usage(String problem) {
    System.err.println(problem);
    System.err.println(
        "usage: bench/run [--scenario NAME[,NAME...]|all] [--out DIR] [--with-ncclient]"
            + " [--minutes N (soak; default "
            + Soak.DEFAULT_MINUTES
            + ")]  scenarios: "
            + SCENARIOS.stream().map(Scenario::name).toList()
            + " (all), soak, chaos [--seed N]");
    System.exit(2);
  }
}
