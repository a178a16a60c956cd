package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatorControl;
import io.tenantfabric.controller.support.OnboardedFabric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The controller owns every managed port, on the emulated 1,024-GPU fabric over real SSH and real
 * PostgreSQL: with tenants alpha and bravo ACTIVE on a shared leaf, what an operator adds by hand
 * to bravo's GPU port through the switch's CLI (a tagged service instance into alpha's VSI, alpha's
 * ACL applied outbound) is an ISOLATION finding naming both tenants with the switch's own lines; a
 * repairing reconcile removes it, the next audit is CLEAN and the switch runs exactly the compiled
 * intent. A binding left by a {@code report} run stays and is listed, and the next change planned
 * on its switch (an allocation on that leaf, planned from a live read) removes it.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HandMadeBindingIT {

  static final String PRESET = "h3c-s9825-1024";

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric(PRESET);

  ApiClient api;
  EmulatorControl control;

  /** A leaf where alpha and bravo both have a port, and bravo's port there. */
  String leaf;

  String bravoPort;

  @BeforeAll
  void alphaAndBravoShareALeaf() {
    api = fabric.api();
    control = fabric.control();
    // alpha takes a whole server (a port on each leaf of a rail group); bravo's one GPU breaks
    // the next server of that group, whose GPU 0 sits on the group's first leaf
    JsonNode alpha = lease("alpha", 8, 8);
    JsonNode bravo = lease("bravo", 2, 1);
    TreeSet<String> shared = leaves(alpha);
    shared.retainAll(leaves(bravo));
    assertThat(shared).as("alpha and bravo share a leaf").isNotEmpty();
    leaf = shared.first();
    bravoPort = portOn(bravo, leaf);
    assertThat(audit(leaf).get("status").asString()).isEqualTo("CLEAN");
  }

  @Test
  void aTaggedServiceInstanceBindingBravosPortIntoAlphasVsiIsFoundAndRemovedByARepair() {
    control.cli(
        leaf,
        List.of(
            "interface " + bravoPort,
            " service-instance 2",
            "  encapsulation s-vid 100",
            "  xconnect vsi t-alpha"));

    JsonNode audit = audit(leaf);
    assertThat(audit.get("status").asString()).isEqualTo("FINDINGS");
    JsonNode f = found(audit, "FOREIGN_PORT_IN_VSI", leaf, bravoPort);
    assertThat(f.get("class").asString()).isEqualTo("ISOLATION");
    assertThat(tenants(f)).containsExactly("alpha", "bravo");
    assertThat(evidence(f))
        .contains(
            "interface " + bravoPort,
            " service-instance 2",
            "  encapsulation s-vid 100",
            "  xconnect vsi t-alpha");
    assertThat(found(audit, "SHARED_SEGMENT", leaf, null).get("tenants").toString())
        .contains("alpha", "bravo");
    assertBravoSeesAnotherTenantButNothingOfAlpha();

    assertRepairedToTheIntent(leaf);
  }

  /** Bravo's own token learns that its port reached another tenant, never which, nor its lines. */
  private void assertBravoSeesAnotherTenantButNothingOfAlpha() {
    JsonNode alpha = api.get("/api/v1/tenants/alpha").json();
    ApiClient.Response seen = api.as(Role.TENANT, "bravo").get("/api/v1/tenants/bravo/isolation");
    assertThat(seen.status()).as(seen.toString()).isEqualTo(200);
    assertThat(seen.body())
        .contains("another tenant")
        .doesNotContain("alpha")
        .doesNotContain(alpha.get("prefix").asString())
        .doesNotContain("\"vni\":" + alpha.get("vni").asInt());
  }

  @Test
  void alphasAclAppliedOutboundOnBravosPortIsFoundAndRemovedByARepair() {
    control.cli(leaf, List.of("interface " + bravoPort, " packet-filter name t-alpha-in outbound"));

    JsonNode audit = audit(leaf);
    assertThat(audit.get("status").asString()).isEqualTo("FINDINGS");
    JsonNode f = found(audit, "ACL_WRONG", leaf, bravoPort);
    assertThat(f.get("class").asString()).isEqualTo("ISOLATION");
    assertThat(tenants(f)).containsExactly("alpha", "bravo");
    assertThat(evidence(f)).contains(" packet-filter name t-alpha-in outbound");

    assertRepairedToTheIntent(leaf);
  }

  @Test
  void aBindingLeftByAReportRunIsListedAndStaysUntilTheNextChangeOnItsSwitchRemovesIt() {
    // where bravo's next GPU will go, and a free GPU port there joined by hand to a tenant's VSI
    ApiClient.Response dryRun =
        api.post("/api/v1/tenants/bravo/allocations?dryRun=true", Map.of("gpus", 1));
    assertThat(dryRun.status()).as(dryRun.toString()).isEqualTo(200);
    JsonNode next = dryRun.json().get("gpus").get(0);
    String target = next.get("leaf").asString();
    String free = freeGpuPort(target, next.get("port").asString());
    JsonNode vsis = config(target, "intended").get("vsis");
    assertThat(vsis).as("a tenant VSI on %s to join by hand", target).isNotEmpty();
    String vsi = vsis.get(0).get("name").asString();
    control.cli(
        target,
        List.of(
            "interface " + free,
            " service-instance 3",
            "  encapsulation tagged",
            "  xconnect vsi " + vsi));

    ApiClient.Response report =
        api.post("/api/v1/fabric/devices/" + target + "/reconcile?policy=report&wait=PT60S", null);
    assertThat(report.status()).as(report.toString()).isEqualTo(200);
    JsonNode drifted = report.json().get("switches").get(0);
    assertThat(drifted.get("outcome").asString()).isEqualTo("DRIFTED");
    JsonNode item = drifted.get("items").get(0);
    assertThat(item.get("kind").asString()).isEqualTo("EXTRA");
    assertThat(item.get("object").asString()).isEqualTo("port " + free + " service-instance 3");
    assertThat(item.get("observed").asString()).contains("xconnect vsi " + vsi);

    // report alone: recorded and left; the audit still lists it
    assertThat(found(audit(target), "FOREIGN_PORT_IN_VSI", target, free)).isNotNull();
    assertThat(config(target, "running")).isNotEqualTo(config(target, "intended"));
    JsonNode plan = api.get("/api/v1/fabric/devices/" + target + "/plan").json();
    assertThat(plan.get("basis").asString())
        .as("the stored config is invalid after a report run: planned from a live read")
        .isEqualTo("running");
    assertThat(steps(plan))
        .contains("detach " + free + " service-instance 3 from " + vsi)
        .contains("remove service-instance 3 from " + free);

    // the next change on that switch converges it
    JsonNode allocation = allocate("bravo", 1);
    assertThat(allocation.get("gpus").get(0).get("leaf").asString()).isEqualTo(target);
    assertThat(audit(target).get("status").asString()).isEqualTo("CLEAN");
    assertThat(config(target, "running")).isEqualTo(config(target, "intended"));
  }

  // --- helpers

  private void assertRepairedToTheIntent(String device) {
    ApiClient.Response r =
        api.post("/api/v1/fabric/devices/" + device + "/reconcile?wait=PT60S", null);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    JsonNode s = r.json().get("switches").get(0);
    assertThat(s.get("outcome").asString()).as(r.toString()).isEqualTo("REPAIRED");
    assertThat(s.get("items").toString()).contains("EXTRA");
    JsonNode after = audit(device);
    assertThat(after.get("status").asString()).as(after.toString()).isEqualTo("CLEAN");
    assertThat(config(device, "running")).isEqualTo(config(device, "intended"));
  }

  private JsonNode lease(String tenant, int quota, int gpus) {
    ApiClient.Response t =
        api.post(
            "/api/v1/tenants", Map.of("name", tenant, "displayName", tenant, "gpuQuota", quota));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    return allocate(tenant, gpus);
  }

  private JsonNode allocate(String tenant, int gpus) {
    ApiClient.Response a =
        api.post("/api/v1/tenants/" + tenant + "/allocations?wait=PT60S", Map.of("gpus", gpus));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    assertThat(a.json().get("status").asString()).isEqualTo("ACTIVE");
    return a.json();
  }

  private JsonNode audit(String device) {
    ApiClient.Response r =
        api.post("/api/v1/audits/isolation?wait=PT60S", Map.of("switches", List.of(device)));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json();
  }

  private JsonNode config(String device, String source) {
    ApiClient.Response r = api.get("/api/v1/fabric/devices/" + device + "/config?source=" + source);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json().get("config");
  }

  private String freeGpuPort(String device, String except) {
    for (JsonNode p : api.get("/api/v1/fabric/devices/" + device).json().get("ports")) {
      String name = p.get("name").asString();
      if (!p.get("gpu").isNull() && p.get("allocation").isNull() && !name.equals(except)) {
        return name;
      }
    }
    throw new AssertionError("no free GPU port on " + device);
  }

  private static List<String> steps(JsonNode plan) {
    List<String> steps = new ArrayList<>();
    plan.get("steps").forEach(s -> steps.add(s.get("step").asString()));
    return steps;
  }

  /** The finding of {@code kind} on {@code device} (and {@code port} when given). */
  private static JsonNode found(JsonNode audit, String kind, String device, String port) {
    for (JsonNode f : audit.get("findings")) {
      if (f.get("kind").asString().equals(kind)
          && device.equals(f.path("switch").asString())
          && (port == null || port.equals(f.path("port").asString()))) {
        return f;
      }
    }
    throw new AssertionError("no " + kind + " on " + device + " " + port + " in " + audit);
  }

  private static List<String> tenants(JsonNode finding) {
    List<String> out = new ArrayList<>();
    finding.get("tenants").forEach(t -> out.add(t.asString()));
    return out;
  }

  private static List<String> evidence(JsonNode finding) {
    List<String> out = new ArrayList<>();
    finding.get("evidence").forEach(t -> out.add(t.asString()));
    return out;
  }

  private static TreeSet<String> leaves(JsonNode allocation) {
    TreeSet<String> leaves = new TreeSet<>();
    allocation.get("gpus").forEach(g -> leaves.add(g.get("leaf").asString()));
    return leaves;
  }

  private static String portOn(JsonNode allocation, String leaf) {
    for (JsonNode g : allocation.get("gpus")) {
      if (g.get("leaf").asString().equals(leaf)) {
        return g.get("port").asString();
      }
    }
    throw new AssertionError("no port on " + leaf);
  }
}
