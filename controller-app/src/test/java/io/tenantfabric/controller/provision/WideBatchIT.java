package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.AuditEventCounts;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.test.context.TestPropertySource;

/**
 * One change to every leaf of the emulated 1,024-GPU fabric, with every leaf slow: a Comware
 * save-point rolls back when its session idles longer than its confirm-timeout, and a switch
 * prepared early idles until the batch's last switch is prepared. The batch is in flight on every
 * switch at once, so that idle is the spread of the prepares, not the sum of waves; with 16
 * switches at a time, or with {@code fabric.provisioning.parallelism=4} here, the first leaves roll
 * back before the confirm ("Current session doesn't have a save-point") and the allocation fails.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestPropertySource(
    properties = {
      "fabric.provisioning.confirm-timeout=2s",
      "fabric.provisioning.unreachable-deadline=20s"
    })
class WideBatchIT {

  static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric("h3c-s9825-1024");

  EmulatedFabric emulator;
  ApiClient api;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
    emulator = fabric.emulator();
    ApiClient.Response r =
        api.post(
            "/api/v1/tenants", Map.of("name", "everywhere", "displayName", "e", "gpuQuota", 1024));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  @Test
  void aChangeToEveryLeafWhosePreparesOutlastTheConfirmTimeoutTogetherStillConfirms() {
    // 32 ports a leaf: about a hundred RPCs, 2.5 s or more per leaf's prepare at 25 ms each;
    // prepared 16 or fewer at a time the first leaves would idle 2.5 s or more, past the 2 s
    emulator.devices().forEach(d -> d.injectFault(new Fault(FaultType.DELAY, 0, 25)));
    ApiClient.Response r =
        api.post("/api/v1/tenants/everywhere/allocations?wait=PT60S", Map.of("gpus", 1024));
    emulator.devices().forEach(d -> d.clearFaults());

    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    assertThat(r.json().get("status").asString()).as(r.toString()).isEqualTo("ACTIVE");
    TreeSet<String> leaves = new TreeSet<>();
    r.json().get("gpus").forEach(g -> leaves.add(g.get("leaf").asString()));
    assertThat(leaves).hasSize(32);
    for (String leaf : leaves) {
      assertThat(deviceApplies(leaf, "FAILURE")).as("failed transactions on %s", leaf).isZero();
      assertThat(emulator.device(leaf).runningXml()).contains("everywhere");
    }
    EmulatedFabrics.awaitInSync(api, DEADLINE);
  }

  private long deviceApplies(String target, String outcome) {
    return AuditEventCounts.of(api, "device.apply", target, outcome);
  }
}
