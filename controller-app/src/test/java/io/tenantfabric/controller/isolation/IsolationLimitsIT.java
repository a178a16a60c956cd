package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * What one caller can make the isolation audits cost, on real PostgreSQL. This instance runs no
 * provisioner, so no instance leads and a requested audit stays queued: a request equal to a queued
 * one gets that one, others over {@code fabric.isolation.max-queued} get 429 with Retry-After; and
 * a token that reads a tenant's evidence (each read an audit event) more often than {@code
 * fabric.isolation.evidence-reads-per-minute} gets 429, while another token still reads.
 */
@ControllerIT
@TestPropertySource(
    properties = {
      "fabric.provisioning.enabled=false",
      "fabric.isolation.max-queued=2",
      "fabric.isolation.evidence-reads-per-minute=3"
    })
class IsolationLimitsIT {

  static final String AUDITS = "/api/v1/audits/isolation";

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired TestDatabases.Schema schema;

  ApiClient operator;

  @BeforeEach
  void aFabricAndAnEmptyQueue() {
    operator = new ApiClient(port);
    if (SchemaQueries.count(schema, "SELECT count(*) FROM fabric") == 0) {
      ApiClient.Response r = operator.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024"));
      assertThat(r.status()).as(r.toString()).isEqualTo(201);
    }
    jdbc.update("DELETE FROM isolation_audits");
  }

  @Test
  void aRequestEqualToAQueuedAuditGetsThatAudit() {
    long requested = requestedEvents();
    ApiClient.Response whole = queued(operator.post(AUDITS, Map.of()));
    ApiClient auditor = operator.withToken(operator.createToken(Role.AUDITOR, null).secret());
    ApiClient.Response again = queued(auditor.post(AUDITS, Map.of()));
    ApiClient.Response two =
        queued(operator.post(AUDITS, Map.of("switches", List.of("leaf-02", "leaf-01"))));
    ApiClient.Response sameTwo =
        queued(operator.post(AUDITS, Map.of("switches", List.of("leaf-01", "leaf-02"))));

    assertThat(again.header("Location")).isEqualTo(whole.header("Location"));
    assertThat(sameTwo.header("Location")).isEqualTo(two.header("Location"));
    assertThat(two.header("Location")).isNotEqualTo(whole.header("Location"));
    assertThat(SchemaQueries.count(schema, "SELECT count(*) FROM isolation_audits")).isEqualTo(2);
    assertThat(requestedEvents())
        .as("a request that joins a queued audit records nothing")
        .isEqualTo(requested + 2);
  }

  @Test
  void requestsOverTheQueuesBoundAreRefusedWith429AndRetryAfter() {
    queued(operator.post(AUDITS, Map.of()));
    queued(operator.post(AUDITS, Map.of("switches", List.of("leaf-01"))));

    ApiClient.Response over = operator.post(AUDITS, Map.of("switches", List.of("leaf-02")));

    assertThat(over.status()).as(over.toString()).isEqualTo(429);
    assertThat(over.isProblem()).isTrue();
    assertThat(over.header("Retry-After")).hasValueSatisfying(s -> assertThat(s).matches("\\d+"));
    assertThat(over.json().get("queued").asInt()).isEqualTo(2);
    // one equal to a queued audit still gets it
    queued(operator.post(AUDITS, Map.of()));
    assertThat(SchemaQueries.count(schema, "SELECT count(*) FROM isolation_audits")).isEqualTo(2);
  }

  @Test
  void aTokenReadingEvidenceMoreOftenThanItsBudgetIsRefusedWith429() {
    if (SchemaQueries.count(schema, "SELECT count(*) FROM tenants WHERE name = 'reader'") == 0) {
      ApiClient.Response t =
          operator.post(
              "/api/v1/tenants", Map.of("name", "reader", "displayName", "R", "gpuQuota", 1));
      assertThat(t.status()).as(t.toString()).isEqualTo(201);
    }
    ApiClient first = operator.withToken(operator.createToken(Role.TENANT, "reader").secret());
    ApiClient second = operator.withToken(operator.createToken(Role.TENANT, "reader").secret());
    String evidence = "/api/v1/tenants/reader/isolation";
    long before = evidenceEvents();

    for (int i = 0; i < 3; i++) {
      ApiClient.Response r = first.get(evidence);
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
    }
    ApiClient.Response over = first.get(evidence);

    assertThat(over.status()).as(over.toString()).isEqualTo(429);
    assertThat(over.isProblem()).isTrue();
    assertThat(over.header("Retry-After").map(Integer::parseInt))
        .hasValueSatisfying(s -> assertThat(s).isBetween(1, 20));
    assertThat(evidenceEvents()).as("a refused read records nothing").isEqualTo(before + 3);
    ApiClient.Response other = second.get(evidence);
    assertThat(other.status()).as("another token has its own budget: %s", other).isEqualTo(200);
  }

  private static ApiClient.Response queued(ApiClient.Response r) {
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    assertThat(r.header("Location")).isPresent();
    return r;
  }

  private long requestedEvents() {
    return SchemaQueries.count(
        schema, "SELECT count(*) FROM audit_events WHERE action = 'isolation.requested'");
  }

  private long evidenceEvents() {
    return SchemaQueries.count(
        schema, "SELECT count(*) FROM audit_events WHERE action = 'isolation.evidence'");
  }
}
