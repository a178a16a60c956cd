package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.controller.support.Tamper;
import io.tenantfabric.db.testing.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A tenant's own isolation evidence, over real SSH to the emulated fabric and real PostgreSQL: a
 * TENANT token reads its ports as the switches showed them to the latest audit, gets 404 for
 * another tenant's, and checks its receipt against the audit trail; a tampered event makes the
 * receipt fail.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantEvidenceIT {

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric("h3c-s9825-1024");
  @Autowired TestDatabases.Schema schema;

  ApiClient operator;
  ApiClient acme;
  JsonNode acmeAllocation;

  @BeforeAll
  void twoTenantsAndAnAudit() {
    operator = fabric.api();
    acmeAllocation = lease("acme", 2);
    lease("initech", 1);
    JsonNode audit = operator.post("/api/v1/audits/isolation?wait=PT60S", Map.of()).json();
    assertThat(audit.get("status").asString()).as(audit.toString()).isEqualTo("CLEAN");
    acme = operator.withToken(operator.createToken(Role.TENANT, "acme").secret());
  }

  @Test
  void aTenantReadsItsPortsAsTheSwitchesShowedThem() {
    ApiClient.Response r = acme.get("/api/v1/tenants/acme/isolation");
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    JsonNode e = r.json();
    int vni = operator.get("/api/v1/tenants/acme").json().get("vni").asInt();
    List<String> allocated = new ArrayList<>();
    acmeAllocation.get("gpus").forEach(g -> allocated.add(g.get("port").asString()));
    assertThat(e.get("ports")).hasSize(2);
    for (JsonNode p : e.get("ports")) {
      assertThat(allocated).contains(p.get("port").asString());
      JsonNode seen = p.get("observed");
      assertThat(seen.isNull()).as(p.toString()).isFalse();
      assertThat(seen.get("adminUp").asBoolean()).isTrue();
      assertThat(seen.get("vsi").asString()).isEqualTo("t-acme");
      assertThat(seen.get("vni").asInt()).isEqualTo(vni);
      assertThat(seen.get("inboundAcl").asString()).isEqualTo("t-acme-in");
      assertThat(seen.get("lossless").asBoolean()).isTrue();
      assertThat(p.get("auditId").asString()).isEqualTo(e.get("audit").get("id").asString());
    }
    assertThat(e.get("findings")).isEmpty();
    assertThat(e.get("audit").get("status").asString()).isEqualTo("CLEAN");
    assertThat(e.get("digest").asString()).startsWith("sha256:");
    assertThat(e.get("receipt").get("eventId").asLong()).isPositive();
  }

  @Test
  void anotherTenantsEvidenceIsNotFound() {
    ApiClient.Response r = acme.get("/api/v1/tenants/initech/isolation");
    assertThat(r.status()).as(r.toString()).isEqualTo(404);
    assertThat(r.isProblem()).isTrue();
  }

  @Test
  void theReceiptChecksOutUntilItsEventIsTamperedWith() throws Exception {
    JsonNode receipt = acme.get("/api/v1/tenants/acme/isolation").json().get("receipt");
    long id = receipt.get("eventId").asLong();
    String hash = receipt.get("hash").asString();
    String check = "/api/v1/audits/events/receipt?id=" + id + "&hash=" + hash;

    JsonNode ok = acme.get(check).json();
    assertThat(ok.get("matches").asBoolean()).as(ok.toString()).isTrue();
    assertThat(ok.get("chainIntact").asBoolean()).as(ok.toString()).isTrue();

    // the event's details (the digest of what the tenant was shown) rewritten by someone with the
    // owner's credentials: its hash no longer matches its content
    Tamper.auditEvents(
        schema,
        "UPDATE audit_events SET details = jsonb_set(details, '{digest}', '\"sha256:00\"')"
            + " WHERE id = "
            + id);
    JsonNode broken = acme.get(check).json();
    assertThat(broken.get("matches").asBoolean()).as(broken.toString()).isFalse();
    assertThat(broken.get("chainIntact").asBoolean()).as(broken.toString()).isFalse();
    assertThat(broken.get("brokenAt").asLong()).isEqualTo(id);
  }

  private JsonNode lease(String tenant, int gpus) {
    ApiClient.Response t =
        operator.post(
            "/api/v1/tenants", Map.of("name", tenant, "displayName", tenant, "gpuQuota", gpus));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    ApiClient.Response a =
        operator.post(
            "/api/v1/tenants/" + tenant + "/allocations?wait=PT60S", Map.of("gpus", gpus));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    return a.json();
  }
}
