package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * {@code grow-2048}: the live growth of the 1,024-GPU fabric into the 2,048-GPU one, with tenants
 * on it, as an operator and the hands on the floor run it. The emulator holds the 96 switches of
 * {@code h3c-s9825-2048} with only the 48 of {@code h3c-s9825-1024} installed and cabled; the
 * fabric is defined from those, tenants are leased, the old switches' running configs are read, the
 * growth is planned and applied, and the bench plays the floor step by step in the plan's order
 * through the emulator's control API (rack, inventory, day-0, cables moved and added, the new
 * servers' NICs), timing what the controller takes after each step's floor work. At the end the old
 * switches must run exactly what they ran, every tenant is still ACTIVE, an isolation audit runs,
 * and a new allocation shows the new GPUs placeable.
 */
final class Grow2048 implements Scenario {
  static final String FROM = FabricPresets.H3C_S9825_1024;
  static final String TO = FabricPresets.H3C_S9825_2048;

  /** 32 tenants of one whole server (8 GPUs) and 64 of one GPU. */
  static final int SERVER_TENANTS = 32;

  static final int ONE_GPU_TENANTS = 64;

  /** How many GPUs the tenant leased after the growth asks for. */
  static final int LATE_GPUS = 64;

  /** How often the operation is read while the controller works on a step (the resolution). */
  static final long POLL_MILLIS = 100;

  /** Longest wait for the controller to reach a step's floor work, or to pass a step. */
  static final Duration STEP_DEADLINE = Duration.ofMinutes(5);

  private static final Pattern STEP = Pattern.compile("STEP_(\\d+)");

  @Override
  public String name() {
    return "grow-2048";
  }

  @Override
  public String description() {
    return "live growth h3c-s9825-1024 -> h3c-s9825-2048 with "
        + SERVER_TENANTS
        + " 8-GPU and "
        + ONE_GPU_TENANTS
        + " one-GPU tenants ACTIVE, the floor played step by step through the emulator's control"
        + " API";
  }

  /** One step as played: what it held and how long each side took. */
  record StepRun(
      int number,
      String kind,
      int switches,
      int moves,
      int cables,
      int serverNics,
      int gpus,
      long readyMs,
      long floorMs,
      long controllerMs) {}

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    try (Product product =
        Product.start(env, name(), Product.Options.standard(FROM, false).growableTo(TO))) {
      return grow(product);
    }
  }

  private ScenarioResult grow(Product product) throws Exception {
    Api api = product.api();
    EmulatorControl floor = product.emulator().control();
    product.awaitInSync(Duration.ofMinutes(5));
    List<String> oldSwitches = Inventory.names(product.emulator().inventory());

    // tenants on the fabric before it grows
    Map<String, String> leases = new LinkedHashMap<>(); // tenant -> allocation id
    long leaseStart = System.nanoTime();
    for (int i = 1; i <= SERVER_TENANTS; i++) {
      lease(api, String.format(Locale.ROOT, "grow-eight-%02d", i), 8, leases);
    }
    for (int i = 1; i <= ONE_GPU_TENANTS; i++) {
      lease(api, String.format(Locale.ROOT, "grow-one-%02d", i), 1, leases);
    }
    long leaseMs = millisSince(leaseStart);
    product.awaitQuiet(Duration.ofMinutes(2));

    Map<String, String> before = running(floor, oldSwitches);

    // the plan, stored
    long planStart = System.nanoTime();
    Api.Response planned = api.post("/api/v1/fabric/growth", Map.of("preset", TO));
    long planMs = millisSince(planStart);
    if (planned.status() != 201) {
      throw new IOException("POST /api/v1/fabric/growth -> " + planned);
    }
    JsonNode op = planned.json();
    String location = "/api/v1/fabric/operations/" + op.get("id").asString();
    JsonNode growth = op.get("growth");
    JsonNode steps = growth.get("steps");
    int opBytes = planned.body().length();

    // applied: the grown fabric is the model, the new switches and GPUs held
    long applyStart = System.nanoTime();
    Api.Response applied = api.post(location + "/apply", null);
    long applyMs = millisSince(applyStart);
    if (applied.status() != 202) {
      throw new IOException("POST " + location + "/apply -> " + applied);
    }

    // the floor, step by step
    List<StepRun> runs = new ArrayList<>();
    for (JsonNode step : steps) {
      runs.add(play(api, floor, location, step));
    }
    long growthMs = millisSince(applyStart);
    JsonNode done = api.get(location).json();
    if (!"DONE".equals(done.get("state").asString())) {
      throw new IOException("after the last step the growth is " + brief(done));
    }

    // what the growth must have left as it was
    Map<String, String> after = running(floor, oldSwitches);
    List<String> changed = new ArrayList<>();
    for (String s : oldSwitches) {
      if (!before.get(s).equals(after.get(s))) {
        changed.add(s + " (" + firstDifference(before.get(s), after.get(s)) + ")");
      }
    }
    List<String> notActive = new ArrayList<>();
    for (Map.Entry<String, String> l : leases.entrySet()) {
      JsonNode a = api.get("/api/v1/tenants/" + l.getKey() + "/allocations/" + l.getValue()).json();
      if (!"ACTIVE".equals(a.get("status").asString())) {
        notActive.add(l.getKey() + " " + a.get("status").asString() + " " + a.get("health"));
      }
    }
    long auditStart = System.nanoTime();
    JsonNode audit = audit(api);
    long auditMs = millisSince(auditStart);

    // the new GPUs are placeable
    Leases.createTenant(api, "grow-late", LATE_GPUS);
    long lateStart = System.nanoTime();
    JsonNode late = Leases.allocate(api, "grow-late", LATE_GPUS);
    long lateMs = millisSince(lateStart);
    int onNewLeaves = 0;
    for (JsonNode g : late.get("gpus")) {
      Matcher m = Pattern.compile("leaf-(\\d+)").matcher(g.get("leaf").asString());
      if (m.matches() && Integer.parseInt(m.group(1)) > 32) {
        onNewLeaves++;
      }
    }

    return result(
        growth,
        runs,
        oldSwitches.size(),
        changed,
        leases.size(),
        notActive,
        audit,
        new long[] {leaseMs, planMs, applyMs, growthMs, auditMs, lateMs},
        onNewLeaves,
        opBytes);
  }

  /**
   * Plays one step: waits until the controller is at it and waits for the floor, racks its switches
   * (install, inventory, day-0), plugs its new cables and the new leaves' server NICs, moves its
   * cables once their kept ends are shut, then times the controller until it is past the step.
   */
  private static StepRun play(Api api, EmulatorControl floor, String location, JsonNode step)
      throws Exception {
    int n = step.get("number").asInt();
    String kind = step.get("kind").asString();
    long readyStart = System.nanoTime();
    JsonNode op =
        awaitOp(
            api,
            location,
            o -> past(o, n) || (at(o, n) && "WAITING".equals(o.get("state").asString())),
            "STEP_" + n + " (" + kind + ") to wait for the floor");
    long readyMs = millisSince(readyStart);
    long floorStart = System.nanoTime();

    List<Map<String, Object>> devices = new ArrayList<>();
    for (JsonNode s : step.get("switches")) {
      devices.add(install(floor, s.asString()));
    }
    if (!devices.isEmpty()) {
      Api.Response given = api.put(location + "/devices", Map.of("devices", devices));
      if (given.status() != 200) {
        throw new IOException("PUT " + location + "/devices -> " + given);
      }
      for (JsonNode s : step.get("switches")) {
        floor.postJson("/devices/" + s.asString() + "/day0", null);
      }
    }
    Map<String, List<Map<String, Object>>> plugs = new TreeMap<>();
    for (JsonNode c : step.get("cables")) {
      plugs
          .computeIfAbsent(c.get("a").get("device").asString(), k -> new ArrayList<>())
          .add(cable(c.get("a").get("port").asString(), c.get("b")));
    }
    int serverNics = 0;
    for (JsonNode s : step.get("switches")) {
      for (JsonNode port : floor.getJson("/devices/" + s.asString() + "/cables").get("cables")) {
        JsonNode planned = port.get("planned");
        if (planned != null && planned.has("server") && !planned.equals(port.get("peer"))) {
          plugs
              .computeIfAbsent(s.asString(), k -> new ArrayList<>())
              .add(cable(port.get("port").asString(), planned));
          serverNics++;
        }
      }
    }
    // a server the step joins whose NIC plugs into a switch racked earlier
    for (JsonNode server : step.get("servers")) {
      for (JsonNode nic : floor.getJson("/servers/" + server.asString()).get("nics")) {
        JsonNode planned = nic.get("planned");
        if (planned != null && planned.has("device") && !planned.equals(nic.get("peer"))) {
          String device = planned.get("device").asString();
          Map<String, Object> c =
              cable(
                  planned.get("port").asString(),
                  Map.of("server", server.asString(), "nic", nic.get("nic").asString()));
          List<Map<String, Object>> list = plugs.computeIfAbsent(device, k -> new ArrayList<>());
          if (!list.contains(c)) {
            list.add(c);
            serverNics++;
          }
        }
      }
    }
    for (Map.Entry<String, List<Map<String, Object>>> p : plugs.entrySet()) {
      floor.postJson("/devices/" + p.getKey() + "/cables", Map.of("cables", p.getValue()));
    }

    JsonNode moves = step.get("moves");
    if (!moves.isEmpty() && !past(op, n)) {
      // a cable moves only once its kept end is shut: the controller says so, naming the move
      awaitOp(
          api,
          location,
          o -> past(o, n) || (at(o, n) && waitsFor(o, " moved from ")),
          "STEP_" + n + " (" + kind + ") to shut the kept ends of its moves");
      Map<String, List<Map<String, Object>>> byNewEnd = new TreeMap<>();
      for (JsonNode m : moves) {
        byNewEnd
            .computeIfAbsent(m.get("to").get("device").asString(), k -> new ArrayList<>())
            .add(cable(m.get("to").get("port").asString(), m.get("kept")));
      }
      for (Map.Entry<String, List<Map<String, Object>>> p : byNewEnd.entrySet()) {
        floor.postJson("/devices/" + p.getKey() + "/cables", Map.of("cables", p.getValue()));
      }
    }
    long floorMs = millisSince(floorStart);

    long controllerStart = System.nanoTime();
    awaitOp(api, location, o -> past(o, n), "STEP_" + n + " (" + kind + ") to pass");
    long controllerMs = millisSince(controllerStart);
    StepRun run =
        new StepRun(
            n,
            kind,
            step.get("switches").size(),
            moves.size(),
            step.get("cables").size(),
            serverNics,
            step.get("gpus").size(),
            readyMs,
            floorMs,
            controllerMs);
    System.out.printf(
        Locale.ROOT,
        "  step %2d %-13s switches %2d moves %3d cables %3d server NICs %3d GPUs %4d:"
            + " controller ready after %6d ms, floor %6d ms, controller after the floor %6d ms%n",
        n,
        kind,
        run.switches(),
        run.moves(),
        run.cables(),
        run.serverNics(),
        run.gpus(),
        readyMs,
        floorMs,
        controllerMs);
    return run;
  }

  /** Racks {@code name} and returns its inventory entry as the growth takes it. */
  private static Map<String, Object> install(EmulatorControl floor, String name)
      throws IOException, InterruptedException {
    JsonNode d = floor.getJson("/devices/" + name);
    if (!d.get("installed").asBoolean()) {
      d = floor.postJson("/devices/" + name + "/install", null);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("role", d.get("role").asString());
    m.put("host", d.get("host").asString());
    m.put("port", d.get("port").asInt());
    m.put("username", Emulator.USER);
    m.put("password", Emulator.PASSWORD);
    m.put("hostKeySha256", d.get("hostKeySha256").asString());
    m.put("serialNumber", d.get("serialNumber").asString());
    return m;
  }

  private static Map<String, Object> cable(String port, Object peer) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("port", port);
    c.put("peer", peer instanceof JsonNode j ? Api.JSON.treeToValue(j, Object.class) : peer);
    return c;
  }

  private static void lease(Api api, String tenant, int gpus, Map<String, String> leases)
      throws IOException, InterruptedException {
    Leases.createTenant(api, tenant, gpus);
    leases.put(tenant, Leases.allocate(api, tenant, gpus).get("id").asString());
  }

  /**
   * Every switch's running configuration as an auditor reads it ({@code display
   * current-configuration}) and the datastore behind it, byte for byte.
   */
  private static Map<String, String> running(EmulatorControl floor, List<String> switches)
      throws IOException, InterruptedException {
    Map<String, String> configs = new TreeMap<>();
    for (String s : switches) {
      String text =
          floor.postText(
              "/devices/" + s + "/cli", Map.of("lines", List.of("display current-configuration")));
      configs.put(s, text + "\n" + floor.getText("/devices/" + s + "/running"));
    }
    return configs;
  }

  /** Where two texts first differ: the line number and both lines. */
  static String firstDifference(String a, String b) {
    String[] x = a.split("\n", -1);
    String[] y = b.split("\n", -1);
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      String l = i < x.length ? x[i] : "<end>";
      String r = i < y.length ? y[i] : "<end>";
      if (!l.equals(r)) {
        return "line " + (i + 1) + ": '" + l.strip() + "' became '" + r.strip() + "'";
      }
    }
    return "no difference";
  }

  private static JsonNode audit(Api api) throws IOException, InterruptedException {
    Api.Response r = api.post("/api/v1/audits/isolation?wait=PT60S", Map.of());
    if (r.status() != 200 && r.status() != 202) {
      throw new IOException("POST /api/v1/audits/isolation -> " + r);
    }
    JsonNode audit = r.json();
    long end = System.nanoTime() + Duration.ofMinutes(3).toNanos();
    while (audit.get("finishedAt") == null || audit.get("finishedAt").isNull()) {
      if (System.nanoTime() > end) {
        throw new IOException("the isolation audit did not finish within 3 minutes: " + audit);
      }
      Thread.sleep(200);
      audit = api.get("/api/v1/audits/isolation/" + audit.get("id").asString()).json();
    }
    return audit;
  }

  private interface Condition {
    boolean test(JsonNode op);
  }

  /**
   * Reads the operation every {@link #POLL_MILLIS} until {@code condition} holds; a growth that
   * ends FAILED or CANCELLED, or stalls past {@link #STEP_DEADLINE}, stops the scenario with what
   * it waited for last.
   */
  private static JsonNode awaitOp(Api api, String location, Condition condition, String what)
      throws IOException, InterruptedException {
    long end = System.nanoTime() + STEP_DEADLINE.toNanos();
    JsonNode op;
    while (true) {
      Api.Response r = api.get(location);
      if (r.status() != 200) {
        throw new IOException("GET " + location + " -> " + r);
      }
      op = r.json();
      String state = op.get("state").asString();
      if ("FAILED".equals(state) || "CANCELLED".equals(state)) {
        throw new IOException("the growth ended " + brief(op) + " while waiting for " + what);
      }
      if (condition.test(op)) {
        return op;
      }
      if (System.nanoTime() > end) {
        throw new IOException(
            "the growth stalled: waited "
                + STEP_DEADLINE
                + " for "
                + what
                + "; it is "
                + brief(op));
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  private static String brief(JsonNode op) {
    return op.get("state").asString()
        + " at "
        + op.get("step").asString()
        + ", waitingFor "
        + op.get("waitingFor")
        + (op.get("error") == null || op.get("error").isNull()
            ? ""
            : ", error " + op.get("error").asString());
  }

  private static boolean at(JsonNode op, int n) {
    return ("STEP_" + n).equals(op.get("step").asString());
  }

  /** The operation is past step {@code n}: at a later step, or DONE. */
  private static boolean past(JsonNode op, int n) {
    if ("DONE".equals(op.get("state").asString())) {
      return true;
    }
    Matcher m = STEP.matcher(op.get("step").asString());
    return m.matches() && Integer.parseInt(m.group(1)) > n;
  }

  private static boolean waitsFor(JsonNode op, String text) {
    for (JsonNode w : op.get("waitingFor")) {
      if (w.asString().contains(text)) {
        return true;
      }
    }
    return false;
  }

  private static long millisSince(long start) {
    return (System.nanoTime() - start) / 1_000_000;
  }

  private ScenarioResult result(
      JsonNode growth,
      List<StepRun> runs,
      int oldSwitches,
      List<String> changed,
      int tenants,
      List<String> notActive,
      JsonNode audit,
      long[] ms,
      int onNewLeaves,
      int opBytes) {
    long leaseMs = ms[0];
    long planMs = ms[1];
    long applyMs = ms[2];
    long growthMs = ms[3];
    long auditMs = ms[4];
    long lateMs = ms[5];
    List<Figure> figures = new ArrayList<>();
    figures.add(Figure.context("plan (POST /api/v1/fabric/growth)", planMs, "ms"));
    figures.add(Figure.context("apply (POST .../apply)", applyMs, "ms"));
    figures.add(Figure.context("growth total, apply to DONE", growthMs / 1000.0, "s"));
    long floorMs = runs.stream().mapToLong(StepRun::floorMs).sum();
    long readyMs = runs.stream().mapToLong(StepRun::readyMs).sum();
    long controllerMs = runs.stream().mapToLong(StepRun::controllerMs).sum();
    figures.add(
        Figure.context("controller after the floor's work, all steps", controllerMs / 1000.0, "s"));
    figures.add(
        Figure.context("controller before the floor's work, all steps", readyMs / 1000.0, "s"));
    figures.add(
        Figure.context("floor work (bench, control API), all steps", floorMs / 1000.0, "s"));
    Map<String, List<StepRun>> byKind = new LinkedHashMap<>();
    runs.forEach(r -> byKind.computeIfAbsent(r.kind(), k -> new ArrayList<>()).add(r));
    byKind.forEach(
        (kind, list) -> {
          figures.add(
              Figure.context(
                  "controller after the floor, " + kind + " x" + list.size() + ", sum",
                  list.stream().mapToLong(StepRun::controllerMs).sum() / 1000.0,
                  "s"));
          figures.add(
              Figure.context(
                  "controller after the floor, " + kind + ", max",
                  list.stream().mapToLong(StepRun::controllerMs).max().orElse(0) / 1000.0,
                  "s"));
        });
    figures.add(Figure.context("steps", runs.size(), ""));
    figures.add(Figure.context("cable moves", runs.stream().mapToInt(StepRun::moves).sum(), ""));
    figures.add(
        Figure.context(
            "cables added, switch to switch", runs.stream().mapToInt(StepRun::cables).sum(), ""));
    figures.add(
        Figure.context(
            "server NIC cables plugged", runs.stream().mapToInt(StepRun::serverNics).sum(), ""));
    figures.add(
        Figure.context(
            "switches added", runs.stream().mapToInt(StepRun::switches).sum(), "switches"));
    figures.add(
        Figure.atLeast(
            "old switches with the same running config",
            oldSwitches - changed.size(),
            "of " + oldSwitches,
            oldSwitches));
    figures.add(
        Figure.atLeast(
            "tenants still ACTIVE", tenants - notActive.size(), "of " + tenants, tenants));
    String status = audit.get("status").asString();
    figures.add(
        Figure.atLeast(
            "isolation audit after growth CLEAN", "CLEAN".equals(status) ? 1 : 0, "", 1));
    figures.add(Figure.context("isolation audit after growth, POST to verdict", auditMs, "ms"));
    figures.add(
        Figure.context(
            "isolation audit after growth, its totalMs",
            audit.get("timings") == null || audit.get("timings").isNull()
                ? -1
                : audit.get("timings").get("totalMs").asLong(),
            "ms"));
    figures.add(Figure.context(LATE_GPUS + " GPUs after growth to ACTIVE", lateMs, "ms"));
    figures.add(
        Figure.context(
            "of those " + LATE_GPUS + " GPUs, on leaf-33..64", onNewLeaves, "of " + LATE_GPUS));

    List<String> notes = new ArrayList<>();
    notes.add(
        String.format(
            Locale.ROOT,
            "plan: %d steps, %d switches, %d servers, %d GPUs to add, cables kept %s, moved %s,"
                + " added %s; the operation's JSON %d bytes",
            runs.size(),
            growth.get("switchesToAdd").size(),
            growth.get("serversToAdd").size(),
            growth.get("gpusToAdd").asInt(),
            growth.get("cablesKept"),
            growth.get("cablesToMove"),
            growth.get("cablesToAdd"),
            opBytes));
    notes.add(
        String.format(
            Locale.ROOT,
            "tenants: %d x 8 GPUs and %d x 1 GPU, leased in %d ms before the plan",
            SERVER_TENANTS,
            ONE_GPU_TENANTS,
            leaseMs));
    notes.add(
        "per step: the controller before the floor (from the previous step passed to this one"
            + " WAITING, e.g. shutting the kept ends of its moves), the floor's work (install,"
            + " PUT .../devices, day0, cables in bulk per switch through the emulator's control"
            + " API), and the controller after the floor (last floor request answered to the"
            + " operation past the step, read every "
            + POLL_MILLIS
            + " ms)");
    StringBuilder perStep = new StringBuilder("steps (n kind: before/floor/after ms):");
    for (StepRun r : runs) {
      perStep.append(
          String.format(
              Locale.ROOT,
              " %d %s%s: %d/%d/%d;",
              r.number(),
              r.kind(),
              r.moves() > 0
                  ? " " + r.moves() + " moves"
                  : r.switches() > 0 ? " " + r.switches() + " switches" : "",
              r.readyMs(),
              r.floorMs(),
              r.controllerMs()));
    }
    notes.add(perStep.toString());
    notes.add(
        changed.isEmpty()
            ? "every old switch's display current-configuration and running datastore is byte for"
                + " byte what it was before the plan"
            : "old switches whose running config changed: " + String.join("; ", changed));
    if (!notActive.isEmpty()) {
      notes.add("allocations not ACTIVE after the growth: " + String.join("; ", notActive));
    }
    notes.add("isolation audit after growth: " + status + ", counts " + audit.get("counts"));
    return new ScenarioResult(name(), description(), figures, notes);
  }
}
