package io.tenantfabric.controller.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The per-switch views of a fabric defined without a device inventory: every switch is {@code
 * UNMANAGED}, its intent is shown, and what needs the switch itself is refused with a 409.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeviceViewsUnmanagedIT {

  @LocalServerPort int port;

  ApiClient api;

  @BeforeAll
  void fabricWithoutInventory() {
    api = new ApiClient(port);
    ApiClient.Response r = api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024"));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    r = api.post("/api/v1/tenants", Map.of("name", "waiting", "displayName", "W", "gpuQuota", 8));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  @Test
  void anUnmanagedSwitchShowsItsIntentAndRefusesRunningAndPlanWith409() {
    ApiClient.Response created = api.post("/api/v1/tenants/waiting/allocations", Map.of("gpus", 1));
    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    JsonNode gpu = created.json().get("gpus").get(0);
    String leaf = gpu.get("leaf").asString();

    JsonNode d = api.get("/api/v1/fabric/devices/" + leaf).json();
    assertThat(d.get("state").asString()).isEqualTo("UNMANAGED");
    assertThat(d.get("pending").asBoolean()).isTrue();
    for (JsonNode p : d.get("ports")) {
      if (p.get("name").asString().equals(gpu.get("port").asString())) {
        assertThat(p.get("allocation").get("status").asString()).isEqualTo("PROVISIONING");
        assertThat(p.get("allocation").get("tenant").asString()).isEqualTo("waiting");
        assertThat(p.get("intended").get("binding").get("vsi").asString()).isEqualTo("t-waiting");
      }
    }

    ApiClient.Response intended = api.get("/api/v1/fabric/devices/" + leaf + "/config");
    assertThat(intended.status()).as(intended.toString()).isEqualTo(200);

    for (String path : new String[] {"/config?source=running", "/plan"}) {
      ApiClient.Response r = api.get("/api/v1/fabric/devices/" + leaf + path);
      assertThat(r.status()).as(path + ": " + r).isEqualTo(409);
      assertThat(r.isProblem()).isTrue();
      assertThat(r.json().get("title").asString()).isEqualTo("Switch not managed");
      assertThat(r.json().get("state").asString()).isEqualTo("UNMANAGED");
    }
    ApiClient.Response cached = api.get("/api/v1/fabric/devices/" + leaf + "/config?source=cached");
    assertThat(cached.status()).as(cached.toString()).isEqualTo(404);
    assertThat(cached.json().get("title").asString()).isEqualTo("No verified config");
  }
}
