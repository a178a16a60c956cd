package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Listing the trail: filters by tenant, action and time, newest first, paged. */
@ControllerIT
class AuditEventsIT {

  @LocalServerPort int port;

  @Test
  void filtersAndPages() {
    ApiClient operator = new ApiClient(port);
    Instant start = Instant.now();
    for (String t : new String[] {"acme", "globex"}) {
      assertThat(
              operator
                  .post("/api/v1/tenants", Map.of("name", t, "displayName", t, "gpuQuota", 8))
                  .status())
          .isEqualTo(201);
    }
    operator.createToken(Role.TENANT, "acme");
    ApiClient auditor = operator.as(Role.AUDITOR, null);

    JsonNode acme = auditor.get("/api/v1/audits/events?tenant=acme").json();
    assertThat(acme.get("totalItems").asLong()).isEqualTo(2); // tenant.create, token.create
    acme.get("items").forEach(e -> assertThat(e.get("tenant").asString()).isEqualTo("acme"));

    JsonNode creates = auditor.get("/api/v1/audits/events?action=tenant.create").json();
    Set<String> targets = new HashSet<>();
    creates.get("items").forEach(e -> targets.add(e.get("target").asString()));
    assertThat(targets).containsExactlyInAnyOrder("acme", "globex");

    JsonNode future =
        auditor.get("/api/v1/audits/events?since=" + Instant.now().plusSeconds(3600)).json();
    assertThat(future.get("totalItems").asLong()).isZero();
    JsonNode recent = auditor.get("/api/v1/audits/events?since=" + start).json();
    assertThat(recent.get("totalItems").asLong()).isGreaterThanOrEqualTo(4);

    JsonNode page0 = auditor.get("/api/v1/audits/events?page=0&size=2").json();
    JsonNode page1 = auditor.get("/api/v1/audits/events?page=1&size=2").json();
    assertThat(page0.get("items")).hasSize(2);
    long newest = page0.get("items").get(0).get("id").asLong();
    long second = page0.get("items").get(1).get("id").asLong();
    long third = page1.get("items").get(0).get("id").asLong();
    assertThat(newest).isGreaterThan(second);
    assertThat(second).isGreaterThan(third);
    assertThat(page0.get("totalPages").asInt())
        .isEqualTo((int) ((page0.get("totalItems").asLong() + 1) / 2));

    ApiClient.Response tooBig =
        auditor.sendingMalformedRequests().get("/api/v1/audits/events?size=501");
    assertThat(tooBig.status()).isEqualTo(400);
    assertThat(tooBig.json().get("field").asString()).isEqualTo("size");
  }
}
