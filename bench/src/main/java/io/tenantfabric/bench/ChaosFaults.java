package io.tenantfabric.bench;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Fires a {@link ChaosSchedule} at a {@link ChaosFabric}: each fault begins at its time and ends
 * after its duration (a stopped leaf started, a killed leader restarted, a leaf's faults cleared, a
 * wiped leaf given its day-0 and replaced through the API as its installer and operator would).
 * What happened, and when, goes to {@link #log()}.
 */
final class ChaosFaults implements AutoCloseable {
  private final ChaosFabric fabric;
  private final EmulatorControl control;
  private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(4);
  private final ConcurrentLinkedQueue<String> log = new ConcurrentLinkedQueue<>();
  private long startNanos;

  ChaosFaults(ChaosFabric fabric) {
    this.fabric = fabric;
    this.control = fabric.emulator().control();
  }

  void start(ChaosSchedule schedule) {
    startNanos = System.nanoTime();
    for (ChaosSchedule.Fault f : schedule.faults()) {
      timer.schedule(() -> begin(f), f.atMillis(), TimeUnit.MILLISECONDS);
      if (f.kind() == ChaosSchedule.Kind.KILL_LEADER || f.kind() == ChaosSchedule.Kind.LEAF_STOP) {
        timer.schedule(() -> end(f), f.atMillis() + f.forMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  /** Waits until every fault has begun and ended (a replace until its operation is final). */
  void awaitEnd(Duration deadline) throws InterruptedException {
    timer.shutdown();
    if (!timer.awaitTermination(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
      note("faults: not all ended within " + deadline);
    }
  }

  List<String> log() {
    return List.copyOf(log);
  }

  private void begin(ChaosSchedule.Fault f) {
    try {
      switch (f.kind()) {
        case KILL_LEADER -> killLeader();
        case PROMOTE_STANDBY -> promote();
        case LEAF_STOP -> control.postJson("/devices/" + f.leaf() + "/stop", null);
        case DROP_SESSION ->
            control.fault(f.leaf(), "DROP_SESSION_MID_TRANSACTION", f.count(), 0, f.forMillis());
        case HOLD_LOCK -> control.fault(f.leaf(), "HOLD_LOCK", 0, 0, f.forMillis());
        case REFUSE_EDITS -> control.fault(f.leaf(), "REJECT_NEXT_EDIT", 0, 0, f.forMillis());
        case DELAY_SPIKE ->
            control.fault(f.leaf(), "DELAY", 0, ChaosSchedule.SPIKE_MILLIS, f.forMillis());
        case WIPE_REPLACE -> wipeAndReplace(f.leaf());
      }
      note(f.kind() + (f.leaf() == null ? "" : " " + f.leaf()) + " begins");
    } catch (Exception e) {
      note(f.kind() + " could not begin: " + e);
    }
  }

  private void end(ChaosSchedule.Fault f) {
    try {
      switch (f.kind()) {
        case KILL_LEADER -> restartDead();
        case LEAF_STOP -> control.postJson("/devices/" + f.leaf() + "/start", null);
        default -> {
          return;
        }
      }
      note(f.kind() + (f.leaf() == null ? "" : " " + f.leaf()) + " ends");
    } catch (Exception e) {
      note(f.kind() + " could not end: " + e);
    }
  }

  private void killLeader() throws Exception {
    long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    int leader = fabric.leader();
    while (leader < 0 && System.nanoTime() < until) {
      Thread.sleep(200);
      leader = fabric.leader();
    }
    if (leader < 0) {
      throw new IllegalStateException("no instance leads the provisioner");
    }
    ChaosInstance i = fabric.instances().get(leader);
    note("SIGKILL instance " + leader + " (pid " + i.pid() + "), the provisioning leader");
    i.kill();
  }

  /** Starts every instance that is not running (the killed leader). */
  void restartDead() throws Exception {
    for (ChaosInstance i : fabric.instances()) {
      if (!i.alive()) {
        note("starting instance " + i.index() + " again");
        i.start();
        note("instance " + i.index() + " started again (pid " + i.pid() + ")");
      }
    }
  }

  /** As Patroni would: the primary is gone (fenced), the synchronous standby promoted. */
  private void promote() throws InterruptedException {
    fabric.postgres().killPrimary();
    note("PostgreSQL primary stopped (-m immediate)");
    Thread.sleep(1000);
    fabric.postgres().promoteStandby();
    note("standby promoted: it is the primary");
  }

  private void wipeAndReplace(String leaf) throws Exception {
    control.postJson("/devices/" + leaf + "/wipe", null);
    note("wiped " + leaf + ": a factory-fresh unit, new host key and serial");
    Thread.sleep(5000);
    JsonNode d = control.postJson("/devices/" + leaf + "/day0", null);
    note("installer gave " + leaf + " its day-0");
    Map<String, Object> replace =
        Map.of(
            "host", d.get("host").asString(),
            "port", d.get("port").asInt(),
            "username", Emulator.USER,
            "password", Emulator.PASSWORD,
            "hostKeySha256", d.get("hostKeySha256").asString(),
            "serialNumber", d.get("serialNumber").asString());
    ChaosRequests operator =
        new ChaosRequests(fabric.instances(), 0, new ChaosLedger(), new Random(0));
    Api.Response r =
        operator.change("POST", "/api/v1/fabric/devices/" + leaf + "/replace", replace);
    String id;
    if (r != null && r.status() == 202) {
      id = r.json().get("id").asString();
    } else if (r != null && r.status() == 409 && r.json().has("operation")) {
      // a first attempt whose answer was lost opened it: the operation named is ours
      id = r.json().get("operation").asString();
    } else {
      note("replace of " + leaf + " refused: " + r);
      return;
    }
    long end = System.nanoTime() + Duration.ofMinutes(4).toNanos();
    String state = "RUNNING";
    while (!state.equals("DONE") && !state.equals("FAILED") && System.nanoTime() < end) {
      Thread.sleep(1000);
      Api.Response op = operator.read("/api/v1/fabric/operations/" + id);
      if (op != null && op.status() == 200) {
        state = op.json().get("state").asString();
      }
    }
    note("replace of " + leaf + " (operation " + id + ") " + state);
  }

  private void note(String what) {
    log.add(
        String.format(Locale.ROOT, "t+%5.1f s %s", (System.nanoTime() - startNanos) / 1e9, what));
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
