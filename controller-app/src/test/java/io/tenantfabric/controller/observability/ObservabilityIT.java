package io.tenantfabric.controller.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.EmulatorControl;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * What an operator watches, on the emulated fabric over real SSH and real PostgreSQL: the
 * allocation-to-ACTIVE histogram counts the allocation made, device transactions are timed and
 * counted, the gather after a slow batch is a phase of its own, metrics need an OPERATOR or AUDITOR
 * token; a stopped switch leaves readiness UP while the fabric details name it unreachable.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ObservabilityIT {

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric("h3c-s9825-1024");

  EmulatedFabric emulator;
  EmulatorControl control;
  ApiClient operator;

  @BeforeAll
  void fabricOnboarded() {
    operator = fabric.api();
    emulator = fabric.emulator();
    control = fabric.control();
  }

  @Test
  void anAllocationIsOneObservationOfTheActiveLatencyHistogram() {
    ApiClient.Response t =
        operator.post("/api/v1/tenants", Map.of("name", "obs", "displayName", "o", "gpuQuota", 8));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    double before =
        value(
            operator.get("/actuator/prometheus").body(), "fabric_allocation_active_seconds_count");
    ApiClient.Response a =
        operator.post("/api/v1/tenants/obs/allocations?wait=PT60S", Map.of("gpus", 8));
    assertThat(a.json().get("status").asString()).as(a.toString()).isEqualTo("ACTIVE");

    String metrics = operator.get("/actuator/prometheus").body();
    assertThat(value(metrics, "fabric_allocation_active_seconds_count")).isEqualTo(before + 1);
    assertThat(value(metrics, "fabric_allocation_active_seconds_sum")).isPositive();
    assertThat(metrics).contains("fabric_allocation_active_seconds_bucket{le=");
    // the baseline of 48 switches and this allocation's 8 leaves, each one transaction
    assertThat(value(metrics, "fabric_device_transaction_seconds_count"))
        .isGreaterThanOrEqualTo(48 + 8);
    assertThat(value(metrics, "fabric_device_transaction_rpcs_sum"))
        .isGreaterThan(value(metrics, "fabric_device_transaction_rpcs_count"));
    assertThat(metrics).contains("fabric_netconf_sessions_open{pool=\"provisioner\"}");
    assertThat(metrics).contains("http_server_requests_seconds_count");
    // Spring Security observes nothing of its own (ApiSecurityConfiguration)
    assertThat(metrics).doesNotContain("spring_security_");

    String auditor = operator.createToken(Role.AUDITOR, null).secret();
    assertThat(operator.withToken(auditor).get("/actuator/prometheus").status()).isEqualTo(200);
    String portal = operator.createToken(Role.PORTAL, null).secret();
    assertThat(operator.withToken(portal).get("/actuator/prometheus").status()).isEqualTo(403);
    ApiClient.Response anonymous = operator.withToken(null).get("/actuator/prometheus");
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.isProblem()).isTrue();
  }

  /**
   * After a batch whose device time is long enough, the loop gathers intent before the next one,
   * and that wait is a phase of its own in the phase histogram (docs/provisioning.md).
   */
  @Test
  void theGatherAfterASlowBatchIsAPhaseOfItsOwn() {
    ApiClient.Response t =
        operator.post("/api/v1/tenants", Map.of("name", "slow", "displayName", "s", "gpuQuota", 1));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    // 16 RPCs at 25 ms: about 400 ms of prepare and confirm, so a gather of about 100 ms follows
    emulator.devices().forEach(d -> d.injectFault(new Fault(FaultType.DELAY, 0, 25)));
    try {
      ApiClient.Response a =
          operator.post("/api/v1/tenants/slow/allocations?wait=PT60S", Map.of("gpus", 1));
      assertThat(a.json().get("status").asString()).as(a.toString()).isEqualTo("ACTIVE");
    } finally {
      emulator.devices().forEach(d -> d.clearFaults());
    }
    Pattern gather =
        Pattern.compile(
            "^fabric_provisioning_phase_seconds_count\\{[^}]*phase=\"gather\"[^}]*\\} (\\S+)$",
            Pattern.MULTILINE);
    assertThat(
            EmulatedFabrics.eventually(
                Duration.ofSeconds(10),
                () -> gather.matcher(operator.get("/actuator/prometheus").body()).find()))
        .as("a gather phase in the scrape")
        .isTrue();
  }

  @Test
  void aStoppedSwitchLeavesReadinessUpAndIsNamedUnreachable() {
    String leaf = "leaf-17";
    control.stop(leaf);
    try {
      ApiClient.Response r =
          operator.post("/api/v1/fabric/devices/" + leaf + "/reconcile?wait=PT60S", null);
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
      assertThat(r.json().get("switches").get(0).get("outcome").asString())
          .isEqualTo("UNREACHABLE");

      ApiClient.Response readiness = operator.withToken(null).get("/actuator/health/readiness");
      assertThat(readiness.status()).as(readiness.toString()).isEqualTo(200);
      assertThat(readiness.json().get("status").asString()).isEqualTo("UP");

      JsonNode health = operator.get("/actuator/health").json();
      JsonNode fabric = health.get("components").get("fabric");
      assertThat(fabric.get("status").asString()).isEqualTo("UP");
      assertThat(fabric.get("details").get("unreachable").toString()).contains(leaf);
      assertThat(fabric.get("details").get("reachable").asInt())
          .isEqualTo(fabric.get("details").get("managed").asInt() - 1);
      assertThat(health.get("components").get("provisioner").get("details").has("leading"))
          .isTrue();
      assertThat(health.get("status").asString()).isEqualTo("UP");

      // details are for OPERATOR and AUDITOR: anonymous callers see the status only
      JsonNode anonymous = operator.withToken(null).get("/actuator/health").json();
      assertThat(anonymous.has("components")).as(anonymous.toString()).isFalse();
    } finally {
      control.start(leaf);
    }
  }

  private static double value(String metrics, String name) {
    Matcher m =
        Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*\\})? (\\S+)$", Pattern.MULTILINE)
            .matcher(metrics);
    assertThat(m.find()).as("%s in the scrape", name).isTrue();
    return Double.parseDouble(m.group(2));
  }
}
