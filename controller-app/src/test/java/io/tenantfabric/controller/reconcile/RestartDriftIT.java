package io.tenantfabric.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.EmulatorControl;
import io.tenantfabric.controller.support.OnboardedFabric;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A leaf restarted before its changes were saved comes back with its startup config, without the
 * tenant's network: the scheduled reconcile finds that as drift (nobody asks for a run) and repairs
 * it. Saving is held back here so that the changes stay unsaved.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestPropertySource(
    properties = {
      "fabric.provisioning.save-when-idle=false",
      "fabric.provisioning.save-delay=1h",
      "fabric.reconcile.interval=2s"
    })
class RestartDriftIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric(PRESET);

  EmulatorControl control;
  ApiClient api;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
    control = fabric.control();
  }

  @Test
  void aSwitchRestartedWithoutItsUnsavedChangesIsFoundByTheScheduleAndRepaired() {
    ApiClient.Response t =
        api.post("/api/v1/tenants", Map.of("name", "unsaved", "displayName", "U", "gpuQuota", 8));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    ApiClient.Response a =
        api.post("/api/v1/tenants/unsaved/allocations?wait=PT60S", Map.of("gpus", 8));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    String leaf = a.json().get("gpus").get(0).get("leaf").asString();
    assertThat(fabricSwitch(leaf).get("unsavedSince").isNull())
        .as("the tenant's changes are not saved yet")
        .isFalse();

    Instant restarted = Instant.now();
    control.stop(leaf);
    control.start(leaf);

    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE,
                () -> {
                  JsonNode s = fabricSwitch(leaf);
                  return "IN_SYNC".equals(s.get("state").asString())
                      && !s.get("lastDrift").isNull()
                      && Instant.parse(s.get("lastDrift").get("at").asString()).isAfter(restarted);
                }))
        .as("the restart found and repaired: %s", fabricSwitch(leaf))
        .isTrue();

    JsonNode lost = fabricSwitch(leaf).get("lastDrift").get("items");
    assertThat(lost)
        .as("the tenant's VSI was lost with the unsaved changes")
        .anySatisfy(
            i -> {
              assertThat(i.get("kind").asString()).isEqualTo("MISSING");
              assertThat(i.get("object").asString()).isEqualTo("vsi t-unsaved");
              assertThat(i.get("tenant").asString()).isEqualTo("unsaved");
            });
    JsonNode run = repairingRun(leaf);
    assertThat(run.get("trigger").asString()).isEqualTo("schedule");
    assertThat(config(leaf, "running")).isEqualTo(config(leaf, "intended"));
    JsonNode allocation =
        api.get("/api/v1/tenants/unsaved/allocations/" + a.json().get("id").asString()).json();
    assertThat(allocation.get("status").asString()).isEqualTo("ACTIVE");
  }

  /** The run that repaired {@code leaf}: every other switch in sync (or read after a restart). */
  private JsonNode repairingRun(String leaf) {
    for (JsonNode run : api.get("/api/v1/fabric/reconcile?limit=200").json()) {
      for (JsonNode s : run.get("switches")) {
        if (s.get("name").asString().equals(leaf)
            && s.get("outcome").asString().equals("REPAIRED")) {
          return run;
        }
      }
    }
    throw new AssertionError("no run repaired " + leaf);
  }

  private JsonNode fabricSwitch(String name) {
    for (JsonNode s : api.get("/api/v1/fabric").json().get("switches")) {
      if (s.get("name").asString().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("no switch " + name);
  }

  private JsonNode config(String device, String source) {
    ApiClient.Response r = api.get("/api/v1/fabric/devices/" + device + "/config?source=" + source);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json().get("config");
  }
}
