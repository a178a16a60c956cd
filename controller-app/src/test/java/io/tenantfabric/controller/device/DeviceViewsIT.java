package io.tenantfabric.controller.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The per-switch views on the emulated 1,024-GPU fabric over real SSH (comware7) and real
 * PostgreSQL: a switch's ports with their holders and intended config, its intended, running and
 * cached configs, the plan of its next change against what that change then sends, and the problems
 * of a stopped switch and of bad requests.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeviceViewsIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric(PRESET);

  EmulatedFabric emulator;
  ApiClient api;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
    emulator = fabric.emulator();
  }

  @Test
  void anAllocatedPortShowsItsTenantAllocationGpuBindingAndAclAndTheThreeConfigsAgree() {
    tenant("views-a");
    ApiClient.Response r =
        api.post("/api/v1/tenants/views-a/allocations?wait=PT60S", Map.of("gpus", 8));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    assertThat(r.json().get("status").asString()).isEqualTo("ACTIVE");
    String allocation = r.json().get("id").asString();
    JsonNode gpu = r.json().get("gpus").get(0);
    String leaf = gpu.get("leaf").asString();
    Set<String> allocatedOnLeaf = new HashSet<>();
    r.json()
        .get("gpus")
        .forEach(
            g -> {
              if (g.get("leaf").asString().equals(leaf)) {
                allocatedOnLeaf.add(g.get("port").asString());
              }
            });

    ApiClient.Response view = api.get("/api/v1/fabric/devices/" + leaf);
    assertThat(view.status()).as(view.toString()).isEqualTo(200);
    assertThat(view.body()).doesNotContain(EmulatedFabrics.PASSWORD).doesNotContain("username");
    JsonNode d = view.json();
    assertThat(d.get("name").asString()).isEqualTo(leaf);
    assertThat(d.get("role").asString()).isEqualTo("LEAF");
    assertThat(d.get("state").asString()).isEqualTo("IN_SYNC");
    assertThat(d.get("pending").asBoolean()).isFalse();
    assertThat(d.get("appliedGeneration").asLong()).isEqualTo(d.get("desiredGeneration").asLong());
    assertThat(d.get("lastVerifiedAt").isNull()).isFalse();

    Map<String, JsonNode> ports = new HashMap<>();
    d.get("ports").forEach(p -> ports.put(p.get("name").asString(), p));
    JsonNode held = ports.get(gpu.get("port").asString());
    assertThat(held.get("purpose").asString()).isEqualTo("GPU");
    assertThat(held.get("speedGbps").asInt()).isEqualTo(400);
    assertThat(held.get("gpu").get("id").asString()).isEqualTo(gpu.get("id").asString());
    assertThat(held.get("gpu").get("server").asString()).isEqualTo(gpu.get("server").asString());
    assertThat(held.get("allocation").get("id").asString()).isEqualTo(allocation);
    assertThat(held.get("allocation").get("tenant").asString()).isEqualTo("views-a");
    assertThat(held.get("allocation").get("status").asString()).isEqualTo("ACTIVE");
    JsonNode intended = held.get("intended");
    assertThat(intended.get("adminUp").asBoolean()).isTrue();
    assertThat(intended.get("binding").get("vsi").asString()).isEqualTo("t-views-a");
    assertThat(intended.get("binding").get("serviceInstance").asInt()).isPositive();
    assertThat(intended.get("acl").asString()).isEqualTo("t-views-a-in");
    for (JsonNode p : d.get("ports")) {
      boolean allocated = allocatedOnLeaf.contains(p.get("name").asString());
      assertThat(p.get("allocation").isNull()).as(p.toString()).isEqualTo(!allocated);
      if ("GPU".equals(p.get("purpose").asString()) && !allocated) {
        assertThat(p.get("gpu").isNull()).as(p.toString()).isFalse();
        assertThat(p.get("intended").get("adminUp").asBoolean()).as(p.toString()).isFalse();
        assertThat(p.get("intended").get("binding").isNull()).as(p.toString()).isTrue();
        assertThat(p.get("intended").get("acl").isNull()).as(p.toString()).isTrue();
      }
    }

    JsonNode intendedConfig = config(leaf, "intended");
    JsonNode running = config(leaf, "running");
    JsonNode cached = config(leaf, "cached");
    assertThat(intendedConfig.get("source").asString()).isEqualTo("intended");
    assertThat(intendedConfig.get("generation").asLong())
        .isEqualTo(d.get("desiredGeneration").asLong());
    assertThat(running.get("anomalies")).isEmpty();
    assertThat(cached.get("generation").asLong()).isEqualTo(d.get("appliedGeneration").asLong());
    assertThat(cached.get("valid").asBoolean()).isTrue();
    assertThat(cached.has("verifiedAt")).isTrue();
    assertThat(running.get("config")).isEqualTo(intendedConfig.get("config"));
    assertThat(cached.get("config")).isEqualTo(intendedConfig.get("config"));
    assertThat(intendedConfig.get("config").get("device").asString()).isEqualTo(leaf);

    JsonNode plan = api.get("/api/v1/fabric/devices/" + leaf + "/plan").json();
    assertThat(plan.get("pending").asBoolean()).isFalse();
    assertThat(plan.get("steps")).as("a switch in sync has nothing to send").isEmpty();

    ApiClient auditor = api.as(Role.AUDITOR, null);
    assertThat(auditor.get("/api/v1/fabric/devices/" + leaf).status()).isEqualTo(200);
    assertThat(auditor.get("/api/v1/fabric/devices/" + leaf + "/config").status()).isEqualTo(200);
  }

  @Test
  void aStoppedSwitchAnswers503WithRetryAfterForItsRunningConfigWhileIntendedStillAnswers() {
    String leaf = "leaf-32";
    emulator.device(leaf).stop();
    try {
      ApiClient.Response running =
          api.get("/api/v1/fabric/devices/" + leaf + "/config?source=running");
      assertThat(running.status()).as(running.toString()).isEqualTo(503);
      assertThat(running.isProblem()).isTrue();
      assertThat(running.header("Retry-After")).contains("5");
      JsonNode problem = running.json();
      assertThat(problem.get("title").asString()).isEqualTo("Switch unreachable");
      assertThat(problem.get("detail").asString()).startsWith(leaf + " could not be read: ");
      assertThat(problem.get("device").asString()).isEqualTo(leaf);
      assertThat(problem.has("requestId")).isTrue();

      ApiClient.Response intended = api.get("/api/v1/fabric/devices/" + leaf + "/config");
      assertThat(intended.status()).as(intended.toString()).isEqualTo(200);
      assertThat(intended.json().get("source").asString()).isEqualTo("intended");

      // planned from the verified config without the switch: no interface indexes, so no XML
      ApiClient.Response plan = api.get("/api/v1/fabric/devices/" + leaf + "/plan");
      assertThat(plan.status()).as(plan.toString()).isEqualTo(200);
      assertThat(plan.json().get("basis").asString()).isEqualTo("cached");
    } finally {
      emulator.device(leaf).start();
    }
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE,
                () ->
                    api.get("/api/v1/fabric/devices/" + leaf + "/config?source=running").status()
                        == 200))
        .as("%s answers again once started", leaf)
        .isTrue();
  }

  @Test
  void planForAPendingAllocationListsTheStepsTheNextTransactionThenSends() {
    tenant("views-p");
    ApiClient.Response dry =
        api.post("/api/v1/tenants/views-p/allocations?dryRun=true", Map.of("gpus", 1));
    assertThat(dry.status()).as(dry.toString()).isEqualTo(200);
    String leaf = dry.json().get("gpus").get(0).get("leaf").asString();
    long before = lastEventId();

    emulator.device(leaf).injectFault(Fault.always(FaultType.HOLD_LOCK));
    String id;
    JsonNode plan;
    try {
      ApiClient.Response created =
          api.post("/api/v1/tenants/views-p/allocations", Map.of("gpus", 1));
      assertThat(created.status()).as(created.toString()).isEqualTo(202);
      id = created.json().get("id").asString();
      assertThat(created.json().get("gpus").get(0).get("leaf").asString()).isEqualTo(leaf);

      assertThat(
              EmulatedFabrics.eventually(
                  Duration.ofSeconds(30),
                  () ->
                      "lock"
                          .equals(
                              api.get("/api/v1/fabric/devices/" + leaf)
                                  .json()
                                  .path("lastError")
                                  .path("phase")
                                  .asString(""))))
          .as("the provisioner met the held lock on %s", leaf)
          .isTrue();
      ApiClient.Response r = api.get("/api/v1/fabric/devices/" + leaf + "/plan");
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
      plan = r.json();
    } finally {
      emulator.device(leaf).clearFaults();
    }
    assertThat(plan.get("device").asString()).isEqualTo(leaf);
    assertThat(plan.get("pending").asBoolean()).isTrue();
    assertThat(plan.get("basis").asString()).isIn("cached", "running");
    assertThat(plan.get("steps")).isNotEmpty();
    List<String> planned = new ArrayList<>();
    int lastEdit = 0;
    for (JsonNode s : plan.get("steps")) {
      planned.add(s.get("step").asString());
      assertThat(s.get("cli")).as(s.toString()).isNotEmpty();
      int edit = s.get("edit").asInt();
      assertThat(edit).as("edits are numbered in order: %s", s).isBetween(lastEdit, lastEdit + 1);
      lastEdit = edit;
    }
    assertThat(plan.get("steps").get(0).get("xml").asString(""))
        .as("the switch answered, so the XML is there: %s", plan.get("steps").get(0))
        .startsWith("<");

    assertThat(awaitFinal("views-p", id)).isEqualTo("ACTIVE");
    JsonNode applied = firstApply(leaf, before);
    List<String> sent = new ArrayList<>();
    applied.get("details").get("stepList").forEach(s -> sent.add(s.asString()));
    assertThat(sent).as("the steps %s sent", leaf).isEqualTo(planned);
    assertThat(applied.get("details").get("edits").asInt())
        .as("one edit RPC per group of the plan")
        .isEqualTo(lastEdit);
  }

  @Test
  void aBadSourceIs400NamingSourceAnUnknownSwitch404AndAMalformedName400NamingName() {
    ApiClient malformedRequests = api.sendingMalformedRequests();
    ApiClient.Response source =
        malformedRequests.get("/api/v1/fabric/devices/leaf-01/config?source=startup");
    assertThat(source.status()).as(source.toString()).isEqualTo(400);
    assertThat(source.isProblem()).isTrue();
    assertThat(source.json().get("field").asString()).isEqualTo("source");

    for (String path : List.of("", "/config", "/config?source=running", "/plan")) {
      ApiClient.Response unknown = api.get("/api/v1/fabric/devices/leaf-99" + path);
      assertThat(unknown.status()).as(path + ": " + unknown).isEqualTo(404);
      assertThat(unknown.isProblem()).isTrue();

      ApiClient.Response malformed = malformedRequests.get("/api/v1/fabric/devices/Leaf_01" + path);
      assertThat(malformed.status()).as(path + ": " + malformed).isEqualTo(400);
      assertThat(malformed.json().get("field").asString()).isEqualTo("name");
    }
  }

  // ---------------------------------------------------------------------------------------------

  private JsonNode config(String device, String source) {
    ApiClient.Response r = api.get("/api/v1/fabric/devices/" + device + "/config?source=" + source);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    assertThat(r.json().get("device").asString()).isEqualTo(device);
    assertThat(r.json().get("source").asString()).isEqualTo(source);
    return r.json();
  }

  private void tenant(String name) {
    ApiClient.Response r =
        api.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", 64));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  private String awaitFinal(String tenant, String id) {
    Set<String> finals = Set.of("ACTIVE", "FAILED", "RELEASED");
    String path = "/api/v1/tenants/" + tenant + "/allocations/" + id;
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE, () -> finals.contains(api.get(path).json().get("status").asString())))
        .as("allocation %s reaches a final state: %s", id, api.get(path).body())
        .isTrue();
    return api.get(path).json().get("status").asString();
  }

  /** The id of the newest audit event, paging the keyset from the start. */
  private long lastEventId() {
    long last = 0;
    Long after = 0L;
    while (after != null) {
      JsonNode page = api.get("/api/v1/audits/events?afterId=" + after + "&limit=500").json();
      for (JsonNode e : page.get("items")) {
        last = Math.max(last, e.get("id").asLong());
      }
      after = page.get("nextAfterId").isNull() ? null : page.get("nextAfterId").asLong();
    }
    return last;
  }

  /** The first successful {@code device.apply} event of {@code device} after {@code afterId}. */
  private JsonNode firstApply(String device, long afterId) {
    Long after = afterId;
    while (after != null) {
      JsonNode page =
          api.get("/api/v1/audits/events?action=device.apply&afterId=" + after + "&limit=500")
              .json();
      for (JsonNode e : page.get("items")) {
        if (device.equals(e.get("target").asString())
            && "SUCCESS".equals(e.get("outcome").asString())) {
          return e;
        }
      }
      after = page.get("nextAfterId").isNull() ? null : page.get("nextAfterId").asLong();
    }
    throw new AssertionError("no device.apply SUCCESS of " + device + " after event " + afterId);
  }
}
