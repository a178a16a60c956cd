package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.AuditEventCounts;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * What a switch can do to a batch, shown on the emulated 1,024-GPU fabric over real SSH: reject the
 * edit, drop the session, hold the lock, go away. Placement is steered with drains, and the dry run
 * says beforehand where an allocation will land.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestPropertySource(
    properties = {
      "fabric.provisioning.unreachable-deadline=4s",
      "fabric.provisioning.confirm-timeout=4s",
      "fabric.provisioning.retry-max=500ms"
    })
class ProvisioningFailuresIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric(PRESET);
  @Autowired JdbcTemplate jdbc;
  @Autowired BatchRunner runner;
  @Autowired SwitchWriters writers;
  @Autowired SnapshotReads store;

  EmulatedFabric emulator;
  ApiClient api;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
    emulator = fabric.emulator();
    for (int g = 0; g < 4; g++) {
      tenant("group-" + g);
    }
  }

  @AfterEach
  void healTheFabric() {
    emulator.devices().forEach(d -> d.clearFaults());
    emulator.devices().forEach(d -> d.start());
    for (int leaf = 1; leaf <= 32; leaf++) {
      api.post("/api/v1/fabric/devices/" + leaf(leaf) + "/undrain", null);
    }
    EmulatedFabrics.awaitInSync(api, DEADLINE);
  }

  @Test
  void aRejectedEditFailsOnlyTheAllocationsOfThatSwitchAndLeavesTheOthersAsBefore() {
    for (int leaf = 1; leaf <= 8; leaf++) { // make the first batch slow, so that A and B meet
      emulator.device(leaf(leaf)).injectFault(new Fault(FaultType.DELAY, 0, 100));
    }
    onlyGroup(0);
    String c = allocate("group-0", 8).get("id").asString();

    onlyGroup(1);
    Map<String, String> before = runningXml(9, 16);
    // every edit until A has failed: a refused edit is first taken for a wrong belief about the
    // switch and replanned once, and the edits of a change go out together (pipelined), so the
    // refusals a change meets are not one per attempt
    emulator.device("leaf-11").injectFault(Fault.always(FaultType.REJECT_NEXT_EDIT));
    String a = allocate("group-1", 8).get("id").asString();
    onlyGroup(2);
    String b = allocate("group-2", 8).get("id").asString();

    JsonNode failed = awaitFinal("group-1", a);
    emulator.device("leaf-11").clearFaults();
    assertThat(failed.get("status").asString()).isEqualTo("FAILED");
    assertThat(failed.get("failureReason").asString())
        .contains("leaf-11")
        .contains("rejected")
        .contains("error-tag operation-failed");
    assertThat(awaitFinal("group-2", b).get("status").asString()).isEqualTo("ACTIVE");
    assertThat(awaitFinal("group-0", c).get("status").asString()).isEqualTo("ACTIVE");
    EmulatedFabrics.awaitInSync(api, DEADLINE);
    assertThat(runningXml(9, 16))
        .as("the switches of the failed allocation run byte for byte what they ran before")
        .isEqualTo(before);
    JsonNode leaf11 = switchView("leaf-11");
    assertThat(leaf11.get("lastError").get("message").asString()).contains("operation-failed");
    // one word, whatever was being sent: the column holds 32 characters, and an edit of a port's
    // steps is described at length (the refusal must not fail the outcome that records it)
    assertThat(leaf11.get("lastError").get("phase").asString()).isEqualTo("edit");
  }

  @Test
  void aDroppedSessionIsRetriedAndTheAllocationEndsActive() {
    String leaf = plannedLeaves("group-3", 1).first();
    emulator.device(leaf).injectFault(Fault.once(FaultType.DROP_SESSION_MID_TRANSACTION));
    ApiClient.Response r =
        api.post("/api/v1/tenants/group-3/allocations?wait=PT60S", Map.of("gpus", 1));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    assertThat(r.json().get("status").asString()).isEqualTo("ACTIVE");
    assertThat(r.json().get("gpus").get(0).get("leaf").asString()).isEqualTo(leaf);
    assertThat(events("device.apply", leaf, "FAILURE")).isPositive();
  }

  @Test
  void aHeldLockMakesTheChangeWaitThenItSucceeds() {
    String leaf = plannedLeaves("group-3", 1).first();
    emulator.device(leaf).injectFault(Fault.always(FaultType.HOLD_LOCK));
    ApiClient.Response r = api.post("/api/v1/tenants/group-3/allocations", Map.of("gpus", 1));
    assertThat(r.status()).isEqualTo(202);
    String id = r.json().get("id").asString();
    assertThat(
            EmulatedFabrics.eventually(
                Duration.ofSeconds(30),
                () -> {
                  JsonNode err = switchView(leaf).path("lastError");
                  return "lock".equals(err.path("phase").asString(""));
                }))
        .as("the provisioner met the held lock on %s", leaf)
        .isTrue();
    assertThat(allocation("group-3", id).get("status").asString()).isEqualTo("PROVISIONING");
    emulator.device(leaf).clearFaults();
    assertThat(awaitFinal("group-3", id).get("status").asString()).isEqualTo("ACTIVE");
  }

  @Test
  void aStoppedLeafFailsItsPendingAllocationsDegradesItsActiveOnesAndLeavesOthersAlone() {
    onlyGroup(2);
    JsonNode active = allocate("group-2", 8);
    String activeId = active.get("id").asString();
    assertThat(awaitFinal("group-2", activeId).get("status").asString()).isEqualTo("ACTIVE");
    String stopped = "leaf-20";
    emulator.device(stopped).stop();

    String pending = allocate("group-2", 8).get("id").asString(); // the next server, same leaves
    onlyGroup(3);
    String elsewhere = allocate("group-3", 8).get("id").asString();

    assertThat(awaitFinal("group-3", elsewhere).get("status").asString()).isEqualTo("ACTIVE");
    JsonNode failed = awaitFinal("group-2", pending);
    assertThat(failed.get("status").asString()).isEqualTo("FAILED");
    assertThat(failed.get("failureReason").asString()).contains(stopped).contains("4 s");
    JsonNode degraded = allocation("group-2", activeId);
    assertThat(degraded.get("status").asString()).isEqualTo("ACTIVE");
    assertThat(degraded.get("health").asString()).isEqualTo("DEGRADED");
    assertThat(switchView(stopped).get("state").asString()).isEqualTo("UNREACHABLE");

    // releasing behind the stopped leaf: RELEASING, waiting for that leaf only
    ApiClient.Response release = api.delete("/api/v1/tenants/group-2/allocations/" + activeId);
    assertThat(release.status()).isEqualTo(202);
    assertThat(
            EmulatedFabrics.eventually(
                Duration.ofSeconds(30),
                () -> {
                  JsonNode v = allocation("group-2", activeId);
                  return v.get("pendingSwitches").size() == 1
                      && stopped.equals(v.get("pendingSwitches").get(0).asString());
                }))
        .isTrue();
    assertThat(allocation("group-2", activeId).get("status").asString()).isEqualTo("RELEASING");

    emulator.device(stopped).start();
    assertThat(awaitFinal("group-2", activeId).get("status").asString()).isEqualTo("RELEASED");
  }

  @Test
  void intentRecordedWhileASlowSwitchIsBeingLockedGoesOutWithThatBatch() {
    tenant("late-a");
    tenant("late-b");
    onlyLeaves("leaf-01", "leaf-02");
    Map<String, Long> applied = new TreeMap<>();
    for (String leaf : List.of("leaf-01", "leaf-02")) {
      applied.put(leaf, events("device.apply", leaf, "SUCCESS"));
      // 3 s per RPC: the batch's first round trip, the lock, runs long after the batch is recorded
      emulator.device(leaf).injectFault(new Fault(FaultType.DELAY, 0, 3000));
    }
    JsonNode a = allocate("late-a", 1);
    String first = a.get("gpus").get(0).get("leaf").asString();
    long batch = openBatchOn(first);
    // one GPU on each leaf (a server's two GPUs): the batch's own switch, and one it does not have
    assertThat(plannedLeaves("late-b", 2)).containsExactly("leaf-01", "leaf-02");
    String b = allocate("late-b", 2).get("id").asString();
    emulator.devices().forEach(d -> d.clearFaults()); // the lock's 3 s run on, the rest is quick

    assertThat(awaitFinal("late-a", a.get("id").asString()).get("status").asString())
        .isEqualTo("ACTIVE");
    assertThat(awaitFinal("late-b", b).get("status").asString()).isEqualTo("ACTIVE");
    for (String leaf : List.of("leaf-01", "leaf-02")) {
      assertThat(events("device.apply", leaf, "SUCCESS") - applied.get(leaf))
          .as("%s changed once: the allocation recorded after the batch opened went with it", leaf)
          .isEqualTo(1);
      assertThat(
              jdbc.queryForObject(
                  "SELECT generation FROM provisioning_batch_switches WHERE batch_id = ?"
                      + " AND switch_name = ?",
                  Long.class,
                  batch,
                  leaf))
          .as("the batch's record names the generation it brought %s to", leaf)
          .isEqualTo(switchView(leaf).get("appliedGeneration").asLong());
    }
  }

  @Test
  void aLeaderFencedWhileItRecordsItsBatchClosesTheRecordAndLocksNoSwitch() {
    String leaf = leaf(29);
    PendingSwitch sw =
        store.managedSwitches().stream()
            .filter(s -> s.name().equals(leaf))
            .findFirst()
            .orElseThrow();
    Map<String, String> before = runningXml(29, 29);
    SwitchTarget target =
        new SwitchTarget(
            sw,
            sw.desiredGeneration() + 1,
            DeviceConfig.empty(new SwitchName(leaf), SwitchRole.LEAF, LosslessBaseline.none()),
            Optional.empty());
    // the leader check says yes before the record and no once it is committed: the fence that
    // lands between them is the one a new leader's recovery cannot see
    AtomicInteger asked = new AtomicInteger();
    BatchPhases phases = new BatchPhases();
    writers.holdAll(List.of(leaf));
    BatchResult result;
    try {
      result = runner.run(List.of(target), () -> asked.incrementAndGet() == 1, phases, NO_LATE);
    } finally {
      writers.releaseAll(List.of(leaf));
    }

    assertThat(result.fenced()).isTrue();
    assertThat(asked.get()).as("asked before the record and right after it").isEqualTo(2);
    assertThat(phases.nanosOf("begin", "prepare")).as("no switch was locked or edited").isZero();
    assertThat(
            jdbc.queryForObject(
                "SELECT b.state FROM provisioning_batches b JOIN provisioning_batch_switches s"
                    + " ON s.batch_id = b.id WHERE s.switch_name = ? ORDER BY b.id DESC LIMIT 1",
                String.class,
                leaf))
        .as("the fenced leader closed its own record: no new leader has it to recover")
        .isEqualTo("ABORTED");
    assertThat(runningXml(29, 29)).isEqualTo(before);
  }

  /** Late intent that never arrives. */
  private static final LateIntent NO_LATE =
      new LateIntent() {
        @Override
        public boolean arrived() {
          return false;
        }

        @Override
        public List<SwitchTarget> targets(Set<String> batch) {
          return List.of();
        }

        @Override
        public void hold(List<String> joining) {
          throw new AssertionError("nothing joins: no late intent");
        }
      };

  // ---------------------------------------------------------------------------------------------

  /** The id of the batch recorded on {@code leaf} and not yet confirmed, once there is one. */
  private long openBatchOn(String leaf) {
    String open =
        "SELECT max(b.id) FROM provisioning_batches b JOIN provisioning_batch_switches s"
            + " ON s.batch_id = b.id WHERE s.switch_name = ? AND b.state = 'PREPARING'";
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE, () -> jdbc.queryForObject(open, Long.class, leaf) != null))
        .as("a batch on %s is recorded", leaf)
        .isTrue();
    return jdbc.queryForObject(open, Long.class, leaf);
  }

  /** Only {@code leaves} take new placements. */
  private void onlyLeaves(String... leaves) {
    List<String> open = List.of(leaves);
    for (int n = 1; n <= 32; n++) {
      ApiClient.Response r =
          api.post(
              "/api/v1/fabric/devices/"
                  + leaf(n)
                  + (open.contains(leaf(n)) ? "/undrain" : "/drain"),
              null);
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
    }
  }

  private JsonNode allocate(String tenant, int gpus) {
    ApiClient.Response r =
        api.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", gpus));
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    return r.json();
  }

  private TreeSet<String> plannedLeaves(String tenant, int gpus) {
    ApiClient.Response r =
        api.post("/api/v1/tenants/" + tenant + "/allocations?dryRun=true", Map.of("gpus", gpus));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    TreeSet<String> leaves = new TreeSet<>();
    r.json().get("gpus").forEach(g -> leaves.add(g.get("leaf").asString()));
    return leaves;
  }

  private JsonNode awaitFinal(String tenant, String id) {
    Set<String> finals = Set.of("ACTIVE", "FAILED", "RELEASED");
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE, () -> finals.contains(allocation(tenant, id).get("status").asString())))
        .as("allocation %s reaches a final state: %s", id, allocation(tenant, id))
        .isTrue();
    return allocation(tenant, id);
  }

  private JsonNode allocation(String tenant, String id) {
    return api.get("/api/v1/tenants/" + tenant + "/allocations/" + id).json();
  }

  private JsonNode switchView(String name) {
    for (JsonNode s : api.get("/api/v1/fabric").json().get("switches")) {
      if (s.get("name").asString().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("no switch " + name);
  }

  /** Only rail group {@code g} (0-based: leaves 8g+1 .. 8g+8) takes new placements. */
  private void onlyGroup(int g) {
    for (int leaf = 1; leaf <= 32; leaf++) {
      boolean inGroup = (leaf - 1) / 8 == g;
      ApiClient.Response r =
          api.post(
              "/api/v1/fabric/devices/" + leaf(leaf) + (inGroup ? "/undrain" : "/drain"), null);
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
    }
  }

  private Map<String, String> runningXml(int from, int to) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int leaf = from; leaf <= to; leaf++) {
      out.put(leaf(leaf), emulator.device(leaf(leaf)).runningXml());
    }
    return out;
  }

  private long events(String action, String target, String outcome) {
    return AuditEventCounts.of(api, action, target, outcome);
  }

  private void tenant(String name) {
    ApiClient.Response r =
        api.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", 64));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  private static String leaf(int n) {
    return String.format("leaf-%02d", n);
  }
}
