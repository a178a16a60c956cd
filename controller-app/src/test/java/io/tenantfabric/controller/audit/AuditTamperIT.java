package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.Tamper;
import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Mutations append chained events; the database refuses to change them; and a row changed behind
 * the trigger's back is found by the verify endpoint.
 */
@ControllerIT
class AuditTamperIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired TestDatabases.Schema schema;

  @Test
  void mutationsAreChainedTamperingIsRefusedAndFound() throws SQLException {
    ApiClient operator = new ApiClient(port);
    ApiClient auditor = operator.as(Role.AUDITOR, null);

    // three audited mutations: create a tenant, create a token, revoke it
    ApiClient.Response tenant =
        operator.post(
            "/api/v1/tenants", Map.of("name", "acme", "displayName", "Acme", "gpuQuota", 16));
    assertThat(tenant.status()).as(tenant.toString()).isEqualTo(201);
    ApiClient.IssuedToken portal = operator.createToken(Role.PORTAL, null);
    ApiClient.Response revoke = operator.delete("/api/v1/tokens/" + portal.id());
    assertThat(revoke.status()).isEqualTo(204);

    JsonNode events = auditor.get("/api/v1/audits/events?size=500").json().get("items");
    List<JsonNode> oldestFirst = new ArrayList<>();
    events.forEach(e -> oldestFirst.add(0, e));
    assertThat(oldestFirst)
        .extracting(e -> e.get("action").asString())
        .contains("token.bootstrap", "tenant.create", "token.create", "token.revoke");
    String previous = "0".repeat(64);
    for (JsonNode e : oldestFirst) {
      assertThat(e.get("prevHash").asString()).as("event %s", e).isEqualTo(previous);
      previous = e.get("hash").asString();
    }
    JsonNode revokeEvent = last(oldestFirst, "token.revoke");
    assertThat(revokeEvent.get("requestId").asString())
        .isEqualTo(revoke.header("X-Request-Id").orElseThrow());
    assertThat(revokeEvent.get("actorRole").asString()).isEqualTo("OPERATOR");
    assertThat(revokeEvent.get("target").asString()).isEqualTo(portal.id().toString());
    JsonNode tenantEvent = last(oldestFirst, "tenant.create");
    assertThat(tenantEvent.get("tenant").asString()).isEqualTo("acme");

    JsonNode intact = auditor.get("/api/v1/audits/events/verify?full=true").json();
    assertThat(intact.get("ok").asBoolean()).as(intact.toString()).isTrue();
    assertThat(intact.get("checked").asLong()).isEqualTo(oldestFirst.size());

    // the service's own role may not change events at all
    assertThatThrownBy(() -> jdbc.update("UPDATE audit_events SET outcome = 'FAILURE'"))
        .rootCause()
        .hasMessageContaining("permission denied");
    assertThatThrownBy(() -> jdbc.update("DELETE FROM audit_events"))
        .rootCause()
        .hasMessageContaining("permission denied");
    assertThatThrownBy(() -> jdbc.execute("TRUNCATE audit_events"))
        .rootCause()
        .hasMessageContaining("permission denied");
    // and the trigger refuses even the owner
    try (Connection owner = schema.connectAsOwner();
        Statement st = owner.createStatement()) {
      assertThatThrownBy(() -> st.executeUpdate("UPDATE audit_events SET outcome = 'FAILURE'"))
          .hasMessageContaining("insert-only");
      assertThatThrownBy(() -> st.executeUpdate("DELETE FROM audit_events"))
          .hasMessageContaining("insert-only");
      assertThatThrownBy(() -> st.execute("TRUNCATE audit_events"))
          .hasMessageContaining("insert-only");
    }

    // behind the trigger's back: change the tenant event's outcome, keep its hash
    long tampered = tenantEvent.get("id").asLong();
    String storedHash = tenantEvent.get("hash").asString();
    bypassingTriggers("UPDATE audit_events SET outcome = 'FAILURE' WHERE id = " + tampered);
    JsonNode broken = auditor.get("/api/v1/audits/events/verify?full=true").json();
    assertThat(broken.get("ok").asBoolean()).as(broken.toString()).isFalse();
    JsonNode first = broken.get("firstBroken");
    assertThat(first.get("id").asLong()).isEqualTo(tampered);
    assertThat(first.get("storedHash").asString()).isEqualTo(storedHash);
    assertThat(first.get("expectedHash").asString()).isNotEqualTo(storedHash).hasSize(64);

    // restore it: the chain verifies again, so verify recomputes rather than remembers
    bypassingTriggers("UPDATE audit_events SET outcome = 'SUCCESS' WHERE id = " + tampered);
    assertThat(auditor.get("/api/v1/audits/events/verify?full=true").json().get("ok").asBoolean())
        .isTrue();

    // a smarter tamperer also rewrites the row's own hash: the next row's link gives it away
    bypassingTriggers(
        "UPDATE audit_events SET outcome = 'FAILURE' WHERE id = " + tampered,
        "UPDATE audit_events e SET hash = encode(sha256(convert_to(audit_event_canonical(e),"
            + " 'UTF8')), 'hex') WHERE id = "
            + tampered);
    JsonNode relinked = auditor.get("/api/v1/audits/events/verify?full=true").json();
    assertThat(relinked.get("ok").asBoolean()).isFalse();
    long next =
        jdbc.queryForObject("SELECT min(id) FROM audit_events WHERE id > ?", Long.class, tampered);
    assertThat(relinked.get("firstBroken").get("id").asLong()).isEqualTo(next);
    assertThat(relinked.get("firstBroken").get("reason").asString()).contains("prev_hash");
  }

  private static JsonNode last(List<JsonNode> events, String action) {
    JsonNode found = null;
    for (JsonNode e : events) {
      if (action.equals(e.get("action").asString())) {
        found = e;
      }
    }
    assertThat(found).as("an event %s", action).isNotNull();
    return found;
  }

  private void bypassingTriggers(String... statements) throws SQLException {
    Tamper.auditEvents(schema, statements);
  }
}
