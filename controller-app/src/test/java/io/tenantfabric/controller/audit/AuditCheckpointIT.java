package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.Tamper;
import io.tenantfabric.db.testing.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Bounded reads of the trail: keyset pages with {@code afterId}, and verification from the latest
 * trusted checkpoint, itself an event of the chain; a checkpoint event written by an INSERT is not
 * one.
 */
@ControllerIT
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AuditCheckpointIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired TestDatabases.Schema schema;
  @Autowired AuditCheckpoints checkpoints;

  @Test
  void keysetPagesWalkTheWholeTrailOldestFirst() {
    ApiClient operator = new ApiClient(port);
    for (int i = 0; i < 5; i++) {
      tenant(operator, "page-" + i);
    }
    ApiClient auditor = operator.as(Role.AUDITOR, null);
    List<Long> ids = new ArrayList<>();
    Long after = 0L;
    int pages = 0;
    while (after != null) {
      JsonNode slice = auditor.get("/api/v1/audits/events?afterId=" + after + "&limit=2").json();
      slice.get("items").forEach(e -> ids.add(e.get("id").asLong()));
      after = slice.get("nextAfterId").isNull() ? null : slice.get("nextAfterId").asLong();
      pages++;
    }
    List<Long> all = jdbc.queryForList("SELECT id FROM audit_events ORDER BY id", Long.class);
    assertThat(ids).isEqualTo(all);
    assertThat(pages).isGreaterThanOrEqualTo(all.size() / 2);

    long tenantId =
        jdbc.queryForObject(
            "SELECT id FROM tenants WHERE name = 'page-3' AND status = 'LIVE'", Long.class);
    JsonNode byId = auditor.get("/api/v1/audits/events?afterId=0&tenantId=" + tenantId).json();
    assertThat(byId.get("items")).isNotEmpty();
    byId.get("items").forEach(e -> assertThat(e.get("tenantId").asLong()).isEqualTo(tenantId));
  }

  @Test
  void pagingParametersAreBoundedAndNotMixed() {
    ApiClient auditor = new ApiClient(port).as(Role.AUDITOR, null).sendingMalformedRequests();
    assertField(auditor.get("/api/v1/audits/events?afterId=0&page=1"), "page");
    assertField(auditor.get("/api/v1/audits/events?page=100&size=500"), "page");
    assertField(auditor.get("/api/v1/audits/events?afterId=0&limit=501"), "limit");
    assertField(auditor.get("/api/v1/audits/events?afterId=-1"), "afterId");
  }

  @Test
  void verifyStartsAtTheLatestCheckpointAndFullFindsATamperBeforeIt() throws Exception {
    ApiClient operator = new ApiClient(port);
    ApiClient auditor = operator.as(Role.AUDITOR, null);
    tenant(operator, "before-cp");
    long early =
        jdbc.queryForObject(
            "SELECT id FROM audit_events WHERE action = 'tenant.create' AND target = 'before-cp'",
            Long.class);
    tenant(operator, "between"); // so that 'early' is not the event the checkpoint names

    ChainVerification written = checkpoints.checkpoint();
    assertThat(written.lastId()).isGreaterThan(early);
    assertThat(written.ok()).isTrue();
    long checkpointId =
        jdbc.queryForObject(
            "SELECT max(id) FROM audit_events WHERE action = 'audit.checkpoint'", Long.class);
    tenant(operator, "after-cp");

    JsonNode fromCheckpoint = auditor.get("/api/v1/audits/events/verify").json();
    assertThat(fromCheckpoint.get("ok").asBoolean()).as(fromCheckpoint.toString()).isTrue();
    assertThat(fromCheckpoint.get("mode").asString()).isEqualTo("checkpoint");
    assertThat(fromCheckpoint.get("checkpointId").asLong()).isEqualTo(checkpointId);
    assertThat(fromCheckpoint.get("startedAfterId").asLong()).isEqualTo(written.lastId());

    // tamper an event older than the checkpoint: the default walk does not reach it ...
    Tamper.auditEvents(schema, "UPDATE audit_events SET outcome = 'FAILURE' WHERE id = " + early);
    JsonNode stillOk = auditor.get("/api/v1/audits/events/verify").json();
    assertThat(stillOk.get("ok").asBoolean()).isTrue();
    assertThat(stillOk.get("mode").asString()).isEqualTo("checkpoint");
    // ... the full walk does, and a new checkpoint is refused while the chain is broken
    JsonNode full = auditor.get("/api/v1/audits/events/verify?full=true").json();
    assertThat(full.get("ok").asBoolean()).isFalse();
    assertThat(full.get("mode").asString()).isEqualTo("full");
    assertThat(full.get("firstBroken").get("id").asLong()).isEqualTo(early);
    Tamper.auditEvents(schema, "UPDATE audit_events SET outcome = 'SUCCESS' WHERE id = " + early);

    // rewriting the checkpoint itself breaks the chain at the checkpoint
    Tamper.auditEvents(
        schema,
        "UPDATE audit_events SET details = jsonb_set(details, '{throughId}', '1')"
            + " WHERE id = "
            + checkpointId);
    JsonNode rewritten = auditor.get("/api/v1/audits/events/verify").json();
    assertThat(rewritten.get("ok").asBoolean()).isFalse();
    assertThat(rewritten.get("firstBroken").get("id").asLong()).isEqualTo(checkpointId);
    assertThat(checkpoints.checkpoint().ok()).isFalse();
  }

  // first: verifyStartsAtTheLatestCheckpoint... leaves its rewritten checkpoint in the chain
  @Test
  @Order(1)
  void aCheckpointEventTheRuntimeRoleInsertsIsNotTrusted() throws Exception {
    ApiClient operator = new ApiClient(port);
    ApiClient auditor = operator.as(Role.AUDITOR, null);
    tenant(operator, "before-forged");
    assertThat(checkpoints.checkpoint().ok()).isTrue();
    tenant(operator, "forked");
    long forked =
        jdbc.queryForObject(
            "SELECT id FROM audit_events WHERE action = 'tenant.create' AND target = 'forked'",
            Long.class);
    Tamper.auditEvents(schema, "UPDATE audit_events SET outcome = 'FAILURE' WHERE id = " + forked);
    try {
      tenant(operator, "after-fork");
      // the service's own role writes a checkpoint event that vouches for the head after the break
      Map<String, Object> head =
          jdbc.queryForMap("SELECT id, hash FROM audit_events ORDER BY id DESC LIMIT 1");
      jdbc.update(
          "INSERT INTO audit_events (actor_role, action, target_type, target, outcome, details,"
              + " prev_hash, hash) VALUES ('SYSTEM', 'audit.checkpoint', 'audit_chain', ?,"
              + " 'SUCCESS', jsonb_build_object('throughId', ?::bigint, 'throughHash', ?::text),"
              + " '', '')",
          head.get("id").toString(),
          head.get("id"),
          head.get("hash"));

      JsonNode verified = auditor.get("/api/v1/audits/events/verify").json();
      assertThat(verified.get("ok").asBoolean()).as(verified.toString()).isFalse();
      assertThat(verified.get("firstBroken").get("id").asLong()).isEqualTo(forked);
      // and the scheduler does not build a checkpoint on it either
      assertThat(checkpoints.checkpoint().ok()).isFalse();
    } finally {
      Tamper.auditEvents(
          schema, "UPDATE audit_events SET outcome = 'SUCCESS' WHERE id = " + forked);
    }
    assertThat(auditor.get("/api/v1/audits/events/verify").json().get("ok").asBoolean()).isTrue();
  }

  private static void tenant(ApiClient api, String name) {
    assertThat(
            api.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", 8))
                .status())
        .isEqualTo(201);
  }

  private static void assertField(ApiClient.Response r, String field) {
    assertThat(r.status()).as(r.toString()).isEqualTo(400);
    assertThat(r.isProblem()).isTrue();
    assertThat(r.json().get("field").asString()).isEqualTo(field);
  }
}
