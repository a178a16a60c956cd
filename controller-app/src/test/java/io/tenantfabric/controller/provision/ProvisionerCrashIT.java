package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ApiIntent;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.SwitchName;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The controller as a separate process, SIGKILLed while a batch is confirming: the switches roll
 * back what was not confirmed by themselves (a Comware save-point when the dead process's session
 * drops; an RFC 6241 confirmed commit is cancelled by the restarted controller with the recorded
 * persist-id), and after the restart every allocation ends ACTIVE or FAILED, none stuck, and every
 * leaf runs the compiled intent. On both emulator profiles.
 */
class ProvisionerCrashIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(150);

  @TempDir Path logs;

  @ParameterizedTest
  @EnumSource(Profile.class)
  void aControllerKilledMidBatchConvergesAfterRestartWithNothingStuck(Profile profile)
      throws Exception {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_crash");
    try (EmulatedFabric emulator = EmulatedFabrics.start(PRESET, profile)) {
      List<String> tenants = new ArrayList<>();
      try (ControllerProcess first = ControllerProcess.start(schema, logs.resolve("first.log"))) {
        ApiClient api = first.api();
        ApiClient.Response defined =
            api.put("/api/v1/fabric", EmulatedFabrics.definition(PRESET, emulator));
        assertThat(defined.status()).as(defined.toString()).isEqualTo(201);
        EmulatedFabrics.awaitInSync(api, DEADLINE);

        // slow switches, so that the kill lands while a batch is confirming
        for (EmulatedDevice d : emulator.devices()) {
          d.injectFault(new Fault(FaultType.DELAY, 0, 200));
        }
        for (int i = 0; i < 2; i++) {
          String t = "crash-" + i;
          tenants.add(t);
          assertThat(
                  api.post("/api/v1/tenants", Map.of("name", t, "displayName", t, "gpuQuota", 16))
                      .status())
              .isEqualTo(201);
          assertThat(api.post("/api/v1/tenants/" + t + "/allocations", Map.of("gpus", 8)).status())
              .isEqualTo(202);
        }
        assertThat(EmulatedFabrics.eventually(DEADLINE, () -> confirmingBatches(schema) > 0))
            .as("a batch reached its confirm phase")
            .isTrue();
        first.kill(); // SIGKILL: no shutdown hook, sessions cut by the kernel
      }

      emulator.devices().forEach(EmulatedDevice::clearFaults);
      try (ControllerProcess second = ControllerProcess.start(schema, logs.resolve("second.log"))) {
        ApiClient api = second.api();
        assertThat(
                EmulatedFabrics.eventually(
                    DEADLINE,
                    () ->
                        tenants.stream().allMatch(t -> allFinal(api, t))
                            && confirmingBatches(schema) == 0))
            .as("every allocation final after the restart: %s", second.tail())
            .isTrue();
        EmulatedFabrics.awaitInSync(api, DEADLINE);
        assertThat(recoveredBatches(schema)).as("the open batch was recovered").isPositive();

        FabricSnapshot intent = ApiIntent.snapshot(api, PRESET, tenants);
        for (EmulatedDevice d : emulator.devices()) {
          if (!d.role().equals("LEAF")) {
            continue;
          }
          DeviceConfig expected = FabricCompiler.compile(intent, new SwitchName(d.name()));
          assertThat(EmulatedFabrics.running(d, expected))
              .as("%s runs the compiled intent after the restart", d.name())
              .isEqualTo(expected);
        }
      }
    }
  }

  private static boolean allFinal(ApiClient api, String tenant) {
    JsonNode page = api.get("/api/v1/tenants/" + tenant + "/allocations").json();
    for (JsonNode a : page.get("items")) {
      String s = a.get("status").asString();
      if (!s.equals("ACTIVE") && !s.equals("FAILED")) {
        return false;
      }
    }
    return true;
  }

  private static long confirmingBatches(TestDatabases.Schema schema) {
    return SchemaQueries.count(
        schema, "SELECT count(*) FROM provisioning_batches WHERE state = 'CONFIRMING'");
  }

  private static long recoveredBatches(TestDatabases.Schema schema) {
    return SchemaQueries.count(
        schema, "SELECT count(*) FROM provisioning_batches WHERE state = 'RECOVERED'");
  }
}
