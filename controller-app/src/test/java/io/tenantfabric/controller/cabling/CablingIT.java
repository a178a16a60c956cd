package io.tenantfabric.controller.cabling;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.provision.FabricSnapshots;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.emulator.CableChange;
import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Cabling against the plan on the emulated 1,024-GPU fabric, its cables moved in the emulator as a
 * technician would move them: two free GPU cables crossed are both WRONG_PEER and kept out of
 * placement until uncrossed; two leased ones crossed between tenants are an isolation finding
 * naming both, both allocations DEGRADED and nothing shut; a pulled fabric link is MISSING at both
 * ends and a cable on a port the plan leaves empty UNEXPECTED; each check's audit event lists only
 * what changed. Every port of the presets' switches is planned, so the controller's fabric here is
 * the preset with its last server left out, whose NICs the emulator is first unplugged from.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CablingIT {

  static final String PRESET = "h3c-s9825-1024";

  @LocalServerPort int port;
  @Autowired FabricSnapshots snapshots;
  @Autowired FabricModels models;
  @Autowired Transactions tx;

  ApiClient api;
  EmulatedFabric emulator;

  /** The preset's last server: outside the controller's plan, its ports on the leaves empty. */
  Gpu unplanned;

  @BeforeAll
  void fabricOnboarded() {
    api = new ApiClient(port);
    emulator = EmulatedFabrics.start(PRESET, Profile.COMWARE7);
    FabricSpec preset = FabricPresets.named(PRESET);
    Fabric full = Fabric.of(preset);
    GpuServer last = full.servers().get(full.servers().size() - 1);
    List<CableChange> unplug = new ArrayList<>();
    for (GpuId id : last.gpus()) {
      Gpu g = full.gpu(id).orElseThrow();
      unplug.add(CableChange.remove(g.leaf().value(), g.port().value()));
    }
    emulator.cable(unplug);
    unplanned = full.gpu(last.gpus().get(0)).orElseThrow();
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("name", PRESET);
    spec.put("spinesPerPod", preset.spinesPerPod());
    spec.put("leavesPerPod", preset.leavesPerPod());
    spec.put("leafDownlinks", preset.leafDownlinks());
    spec.put("leafUplinksPerSpine", preset.leafUplinksPerSpine());
    spec.put("servers", full.servers().size() - 1);
    ApiClient.Response r =
        api.put(
            "/api/v1/fabric",
            Map.of(
                "spec",
                spec,
                "devices",
                EmulatedFabrics.definition(PRESET, emulator).get("devices")));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    EmulatedFabrics.awaitInSync(api, Duration.ofSeconds(120));
    for (String t : List.of("acme", "red", "blue")) {
      ApiClient.Response created =
          api.post("/api/v1/tenants", Map.of("name", t, "displayName", t, "gpuQuota", 64));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
    }
  }

  @Test
  void onboardingCheckedEveryCableAndFoundItAsPlanned() {
    JsonNode all = api.get("/api/v1/fabric/cabling?limit=500").json();
    JsonNode summary = all.get("summary");
    assertThat(summary.get("UNCHECKED").asInt()).as(summary.toString()).isZero();
    assertThat(summary.get("OK").asInt()).isGreaterThan(1024); // every GPU link, every uplink
    for (String bad : List.of("MISSING", "WRONG_PEER", "UNEXPECTED")) {
      assertThat(summary.get(bad).asInt()).as(bad).isZero();
    }
    int links = 0;
    for (String after = null; ; ) {
      JsonNode page =
          api.get("/api/v1/fabric/cabling?limit=500" + (after == null ? "" : "&after=" + after))
              .json();
      links += page.get("links").size();
      if (page.get("next").isNull()) {
        break;
      }
      after = page.get("next").asString();
    }
    assertThat(links).isEqualTo(summary.get("OK").asInt() + summary.get("UNVERIFIED").asInt());
  }

  @Test
  void freeGpuCablesCrossedOnALeafAreKeptOutOfPlacementUntilUncrossed() {
    // what an allocation of one whole server would take now: one of its GPUs gets crossed
    JsonNode before = dryRun("acme", 8);
    JsonNode g1 = before.get("gpus").get(0);
    String leaf = g1.get("leaf").asString();
    JsonNode g2 = anotherServersGpuOn(leaf, g1.get("server").asString());
    Set<String> crossed = Set.of(g1.get("id").asString(), g2.get("id").asString());

    cross(leaf, g1, g2);
    JsonNode check = check(leaf);

    assertThat(changes(check))
        .containsExactlyInAnyOrder(
            leaf + " " + port(g1) + " OK->WRONG_PEER", leaf + " " + port(g2) + " OK->WRONG_PEER");
    JsonNode wrong = api.get("/api/v1/fabric/cabling?switch=" + leaf + "&state=WRONG_PEER").json();
    assertThat(wrong.get("links")).hasSize(2);
    for (JsonNode link : wrong.get("links")) {
      JsonNode end = link.get("ends").get(0);
      JsonNode gpu = link.get("gpu");
      assertThat(end.get("planned").get("device").asString())
          .isEqualTo(gpu.get("server").asString());
      assertThat(end.get("seen").get("device").asString())
          .isNotEqualTo(gpu.get("server").asString());
    }
    assertThat(wrong.get("findings")).as("free GPUs: kept out, no finding").isEmpty();

    JsonNode placed =
        api.post("/api/v1/tenants/acme/allocations?wait=PT30S", Map.of("gpus", 8)).json();
    assertThat(placed.get("status").asString()).isEqualTo("ACTIVE");
    assertThat(ids(placed)).doesNotContainAnyElementsOf(crossed);

    uncross(leaf, g1, g2);
    assertThat(changes(check(leaf)))
        .containsExactlyInAnyOrder(
            leaf + " " + port(g1) + " WRONG_PEER->OK", leaf + " " + port(g2) + " WRONG_PEER->OK");
    assertThat(ids(dryRun("acme", 8))).as("placeable again").contains(g1.get("id").asString());
  }

  @Test
  void leasedGpuCablesCrossedBetweenTenantsAreAnIsolationFindingAndNothingIsShut() {
    JsonNode red = allocate("red", 8);
    // blue on red's leaves: every other leaf drained while it is placed
    Set<String> redLeaves = new HashSet<>();
    red.get("gpus").forEach(g -> redLeaves.add(g.get("leaf").asString()));
    List<String> others = new ArrayList<>();
    for (JsonNode sw : api.get("/api/v1/fabric").json().get("switches")) {
      String name = sw.get("name").asString();
      if ("LEAF".equals(sw.get("role").asString()) && !redLeaves.contains(name)) {
        others.add(name);
      }
    }
    others.forEach(l -> api.post("/api/v1/fabric/devices/" + l + "/drain", null));
    JsonNode blue = allocate("blue", 8);
    others.forEach(l -> api.post("/api/v1/fabric/devices/" + l + "/undrain", null));
    JsonNode r = null;
    JsonNode b = null;
    for (JsonNode x : red.get("gpus")) {
      for (JsonNode y : blue.get("gpus")) {
        if (r == null && x.get("leaf").asString().equals(y.get("leaf").asString())) {
          r = x;
          b = y;
        }
      }
    }
    assertThat(r).as("a leaf with a GPU of each tenant").isNotNull();
    String leaf = r.get("leaf").asString();

    cross(leaf, r, b);
    JsonNode check = check(leaf);

    JsonNode finding = only(check.get("findings"), "ISOLATION");
    assertThat(finding.get("severity").asString()).isEqualTo("CRITICAL");
    assertThat(texts(finding.get("tenants"))).containsExactly("blue", "red");
    assertThat(finding.get("ends"))
        .extracting(e -> e.get("port").asString() + " " + e.get("tenant").asString())
        .containsExactlyInAnyOrder(port(r) + " red", port(b) + " blue");
    assertThat(only(api.get("/api/v1/fabric/cabling").json().get("findings"), "ISOLATION"))
        .isEqualTo(finding);
    JsonNode event = checkEvent(check.get("id").asString());
    assertThat(event.get("outcome").asString()).isEqualTo("FAILURE");
    assertThat(event.get("details").get("findings").toString())
        .contains("ISOLATION")
        .contains("red")
        .contains("blue");
    for (String[] t :
        List.of(
            new String[] {"red", red.get("id").asString(), port(r)},
            new String[] {"blue", blue.get("id").asString(), port(b)})) {
      JsonNode a = api.get("/api/v1/tenants/" + t[0] + "/allocations/" + t[1]).json();
      assertThat(a.get("status").asString()).isEqualTo("ACTIVE");
      assertThat(a.get("health").asString()).isEqualTo("DEGRADED");
      assertThat(a.get("healthReasons"))
          .extracting(
              h ->
                  h.get("reason").asString()
                      + " "
                      + h.get("switch").asString()
                      + " "
                      + h.get("port").asString())
          .containsExactly("CABLING " + leaf + " " + t[2]);
    }
    DeviceConfig running = EmulatedFabrics.running(emulator.device(leaf), intended(leaf));
    for (JsonNode g : List.of(r, b)) {
      assertThat(running.ports().get(new PortName(port(g))).adminUp())
          .as("%s stays up: its far end is a tenant's own system", port(g))
          .isTrue();
    }

    uncross(leaf, r, b);
    check(leaf);
    for (String[] t :
        List.of(
            new String[] {"red", red.get("id").asString()},
            new String[] {"blue", blue.get("id").asString()})) {
      JsonNode a = api.get("/api/v1/tenants/" + t[0] + "/allocations/" + t[1]).json();
      assertThat(a.get("health").asString()).isEqualTo("OK");
      assertThat(a.get("healthReasons")).isEmpty();
    }
    assertThat(api.get("/api/v1/fabric/cabling").json().get("findings")).isEmpty();
  }

  @Test
  void aPulledFabricLinkIsMissingAtBothEndsAndACableOnAnEmptyPortUnexpected() {
    String leaf = unplanned.leaf().value();
    String empty = unplanned.port().value();
    JsonNode link = firstFabricLink(leaf);
    JsonNode leafEnd = endOn(link, leaf);
    JsonNode spineEnd = otherEnd(link, leaf);
    String spine = spineEnd.get("switch").asString();
    String uplink = leafEnd.get("port").asString();

    // an uplink pulled, and the server the controller does not know plugged in
    emulator.cable(
        List.of(
            CableChange.remove(leaf, uplink),
            CableChange.connect(
                leaf, empty, CableEnd.nic(unplanned.server().value(), unplanned.nic()))));
    JsonNode check = check(leaf, spine);

    assertThat(changes(check))
        .as("only the ports that changed, not the dozens that did not")
        .containsExactlyInAnyOrder(
            leaf + " " + uplink + " OK->MISSING",
            spine + " " + spineEnd.get("port").asString() + " OK->MISSING",
            leaf + " " + empty + " UNCHECKED->UNEXPECTED");
    JsonNode event = checkEvent(check.get("id").asString());
    assertThat(event.get("details").get("transitions").asInt()).isEqualTo(3);
    assertThat(event.get("details").get("changes")).hasSize(3);
    JsonNode missing = api.get("/api/v1/fabric/cabling?state=MISSING").json();
    assertThat(missing.get("links")).hasSize(1);
    assertThat(missing.get("links").get(0).get("ends"))
        .extracting(e -> e.get("switch").asString() + " " + e.get("state").asString())
        .containsExactlyInAnyOrder(leaf + " MISSING", spine + " MISSING");
    JsonNode unexpected = api.get("/api/v1/fabric/cabling?state=UNEXPECTED").json();
    assertThat(unexpected.get("links")).hasSize(1);
    JsonNode extra = unexpected.get("links").get(0);
    assertThat(extra.get("kind").isNull()).isTrue();
    assertThat(extra.get("ends").get(0).get("planned").isNull()).isTrue();
    assertThat(extra.get("ends").get(0).get("seen").get("device").asString())
        .isEqualTo(unplanned.server().value());

    emulator.cable(
        List.of(
            CableChange.remove(leaf, empty),
            CableChange.connect(
                leaf, uplink, CableEnd.port(spine, spineEnd.get("port").asString()))));
    assertThat(changes(check(leaf, spine)))
        .containsExactlyInAnyOrder(
            leaf + " " + uplink + " MISSING->OK",
            spine + " " + spineEnd.get("port").asString() + " MISSING->OK",
            leaf + " " + empty + " UNEXPECTED->null");
  }

  @Test
  void badInputIsAProblemNamingTheField() {
    ApiClient junk = api.sendingMalformedRequests();
    for (String[] q :
        List.of(
            new String[] {"state=OK,BROKEN", "state"},
            new String[] {"switch=Leaf_01", "switch"},
            new String[] {"after=%21%21", "after"},
            new String[] {"after=bGVhZi0wMQ", "after"},
            new String[] {"limit=0", "limit"},
            new String[] {"limit=lots", "limit"})) {
      ApiClient.Response r = junk.get("/api/v1/fabric/cabling?" + q[0]);
      assertThat(r.status()).as(q[0] + ": " + r).isEqualTo(400);
      assertThat(r.isProblem()).isTrue();
      assertThat(r.json().get("field").asString()).as(q[0]).isEqualTo(q[1]);
    }
    for (Object[] b :
        List.of(
            new Object[] {Map.of("switches", List.of()), 400, "switches"},
            new Object[] {Map.of("switches", List.of("leaf-01", "Leaf 2")), 400, "switches[1]"},
            new Object[] {Map.of("switches", List.of("leaf-01", "leaf-99")), 422, "switches[1]"})) {
      ApiClient.Response r = junk.post("/api/v1/fabric/cabling/check", b[0]);
      assertThat(r.status()).as(b[0] + ": " + r).isEqualTo(b[1]);
      assertThat(r.json().get("field").asString()).as(b[0].toString()).isEqualTo(b[2]);
    }
    ApiClient.Response unknown = junk.get("/api/v1/fabric/cabling/checks/not-a-uuid");
    assertThat(unknown.status()).as(unknown.toString()).isEqualTo(400);
    assertThat(unknown.json().get("field").asString()).isEqualTo("id");
    ApiClient.Response none =
        api.get("/api/v1/fabric/cabling/checks/00000000-0000-4000-8000-000000000000");
    assertThat(none.status()).as(none.toString()).isEqualTo(404);
    assertThat(none.isProblem()).isTrue();
  }

  @AfterAll
  void emulatorStopped() {
    if (emulator != null) {
      emulator.close();
    }
  }

  // ---------------------------------------------------------------------------------------------

  /** Runs a cabling check of {@code switches} and waits for it; returns the check. */
  private JsonNode check(String... switches) {
    ApiClient.Response r =
        api.post("/api/v1/fabric/cabling/check?wait=PT30S", Map.of("switches", List.of(switches)));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    assertThat(r.json().get("state").asString()).isEqualTo("DONE");
    return r.json();
  }

  private static List<String> changes(JsonNode check) {
    List<String> out = new ArrayList<>();
    check
        .get("changes")
        .forEach(
            c ->
                out.add(
                    c.get("switch").asString()
                        + " "
                        + c.get("port").asString()
                        + " "
                        + c.get("from").asString()
                        + "->"
                        + (c.get("to").isNull() ? "null" : c.get("to").asString())));
    return out;
  }

  /** The audit event of check {@code id}. */
  private JsonNode checkEvent(String id) {
    List<JsonNode> found = new ArrayList<>();
    api.get("/api/v1/audits/events?action=fabric.cabling&limit=500")
        .json()
        .get("items")
        .forEach(
            e -> {
              if (id.equals(e.get("details").path("check").asString(""))) {
                found.add(e);
              }
            });
    assertThat(found).as("one audit event of check %s", id).hasSize(1);
    return found.get(0);
  }

  /** Swaps the cables of two GPU ports of {@code leaf}: each gets the other's NIC. */
  private void cross(String leaf, JsonNode a, JsonNode b) {
    emulator.cable(
        List.of(
            CableChange.connect(leaf, port(a), nic(b)),
            CableChange.connect(leaf, port(b), nic(a))));
  }

  private void uncross(String leaf, JsonNode a, JsonNode b) {
    emulator.cable(
        List.of(
            CableChange.connect(leaf, port(a), nic(a)),
            CableChange.connect(leaf, port(b), nic(b))));
  }

  /** The NIC of a GPU ({@code server/i}): {@code mlx5_i} of its server. */
  private static CableEnd nic(JsonNode gpu) {
    String id = gpu.get("id").asString();
    return CableEnd.nic(gpu.get("server").asString(), "mlx5_" + id.substring(id.indexOf('/') + 1));
  }

  private static String port(JsonNode gpu) {
    return gpu.get("port").asString();
  }

  /** A GPU port of {@code leaf} whose free GPU is on another server than {@code server}. */
  private JsonNode anotherServersGpuOn(String leaf, String server) {
    for (JsonNode p : api.get("/api/v1/fabric/devices/" + leaf).json().get("ports")) {
      JsonNode gpu = p.get("gpu");
      if (!gpu.isNull()
          && !server.equals(gpu.get("server").asString())
          && p.get("allocation").isNull()) {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("id", gpu.get("id").asString());
        g.put("server", gpu.get("server").asString());
        g.put("leaf", leaf);
        g.put("port", p.get("name").asString());
        return ApiClient.json().valueToTree(g);
      }
    }
    throw new AssertionError("no free GPU of another server on " + leaf);
  }

  private JsonNode firstFabricLink(String leaf) {
    for (JsonNode l : api.get("/api/v1/fabric/cabling?switch=" + leaf).json().get("links")) {
      if ("FABRIC".equals(l.get("kind").asString())) {
        return l;
      }
    }
    throw new AssertionError("no fabric link on " + leaf);
  }

  private static JsonNode endOn(JsonNode link, String sw) {
    for (JsonNode e : link.get("ends")) {
      if (sw.equals(e.get("switch").asString())) {
        return e;
      }
    }
    throw new AssertionError(sw + " is not an end of " + link);
  }

  private static JsonNode otherEnd(JsonNode link, String sw) {
    for (JsonNode e : link.get("ends")) {
      if (!sw.equals(e.get("switch").asString())) {
        return e;
      }
    }
    throw new AssertionError("no other end than " + sw + " in " + link);
  }

  private JsonNode dryRun(String tenant, int gpus) {
    ApiClient.Response r =
        api.post("/api/v1/tenants/" + tenant + "/allocations?dryRun=true", Map.of("gpus", gpus));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json();
  }

  private JsonNode allocate(String tenant, int gpus) {
    JsonNode a =
        api.post("/api/v1/tenants/" + tenant + "/allocations?wait=PT30S", Map.of("gpus", gpus))
            .json();
    assertThat(a.get("status").asString()).as(a.toString()).isEqualTo("ACTIVE");
    return a;
  }

  private static Set<String> ids(JsonNode allocation) {
    Set<String> ids = new HashSet<>();
    allocation.get("gpus").forEach(g -> ids.add(g.get("id").asString()));
    return ids;
  }

  private static JsonNode only(JsonNode findings, String kind) {
    List<JsonNode> of = new ArrayList<>();
    findings.forEach(
        f -> {
          if (kind.equals(f.get("kind").asString())) {
            of.add(f);
          }
        });
    assertThat(of).as("%s findings in %s", kind, findings).hasSize(1);
    return of.get(0);
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }

  private DeviceConfig intended(String device) {
    return tx.read(
        () ->
            FabricCompiler.compile(
                snapshots.current(models.of(models.defined())), new SwitchName(device)));
  }
}
