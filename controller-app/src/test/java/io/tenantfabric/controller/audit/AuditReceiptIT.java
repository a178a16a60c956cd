package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.Tamper;
import io.tenantfabric.db.testing.TestDatabases;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * The chain head and receipts: a kept id and hash checked against the chain as it is now, by
 * OPERATOR, AUDITOR and a TENANT for its own tenant's events only; tampering at or after the event
 * is found; checking appends nothing.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditReceiptIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired TestDatabases.Schema schema;

  private ApiClient operator;
  private ApiClient auditor;
  private ApiClient acmeTenant;
  private Event acme;
  private Event globex;

  record Event(long id, String hash) {}

  @BeforeAll
  void twoTenantsAndTheirEvents() {
    operator = new ApiClient(port);
    for (String t : new String[] {"acme", "globex"}) {
      ApiClient.Response r =
          operator.post("/api/v1/tenants", Map.of("name", t, "displayName", t, "gpuQuota", 8));
      assertThat(r.status()).as(r.toString()).isEqualTo(201);
    }
    auditor = operator.as(Role.AUDITOR, null);
    acmeTenant = operator.as(Role.TENANT, "acme");
    acme = tenantCreate("acme");
    globex = tenantCreate("globex");
    assertThat(globex.id()).isGreaterThan(acme.id());
  }

  @Test
  void headIsTheLatestEvent() {
    Event latest = latest();
    for (ApiClient caller : new ApiClient[] {operator, auditor, acmeTenant}) {
      ApiClient.Response r = caller.get("/api/v1/audits/events/head");
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
      JsonNode head = r.json();
      assertThat(head.get("id").asLong()).isEqualTo(latest.id());
      assertThat(head.get("hash").asString()).isEqualTo(latest.hash());
      assertThat(Instant.parse(head.get("at").asString())).isBeforeOrEqualTo(Instant.now());
    }
  }

  @Test
  void receiptOfAnEventMatchesAndTheChainFromItIsIntact() {
    Event head = latest();
    JsonNode r = receipt(auditor, acme.id(), acme.hash(), 200).json();
    assertThat(r.get("id").asLong()).isEqualTo(acme.id());
    assertThat(r.get("hash").asString()).isEqualTo(acme.hash());
    assertThat(r.get("matches").asBoolean()).as(r.toString()).isTrue();
    assertThat(r.get("chainIntact").asBoolean()).as(r.toString()).isTrue();
    assertThat(r.get("brokenAt").isNull()).as(r.toString()).isTrue();
    assertThat(r.get("headId").asLong()).isEqualTo(head.id());
    assertThat(r.get("headHash").asString()).isEqualTo(head.hash());
    // the event itself and every one after it, up to the head
    assertThat(r.get("checkedEvents").asLong())
        .isEqualTo(
            jdbc.queryForObject(
                "SELECT count(*) FROM audit_events WHERE id >= ?", Long.class, acme.id()));
  }

  @Test
  void aWrongHashDoesNotMatch() {
    String other = acme.hash().equals("0".repeat(64)) ? "1".repeat(64) : "0".repeat(64);
    JsonNode r = receipt(operator, acme.id(), other, 200).json();
    assertThat(r.get("matches").asBoolean()).isFalse();
    assertThat(r.get("chainIntact").asBoolean()).isTrue();
    assertThat(r.get("hash").asString()).isEqualTo(other);
  }

  @Test
  void checkingAppendsNoEventSoTheHeadStays() {
    long before = count();
    Event head = latest();
    receipt(acmeTenant, acme.id(), acme.hash(), 200);
    receipt(acmeTenant, globex.id(), globex.hash(), 404);
    receipt(auditor, globex.id(), globex.hash(), 200);
    auditor.get("/api/v1/audits/events/head");
    assertThat(count()).isEqualTo(before);
    assertThat(latest()).isEqualTo(head);
  }

  @Test
  void aTenantChecksItsOwnEventsOnlyAndCannotTellOthersFromUnknown() {
    JsonNode own = receipt(acmeTenant, acme.id(), acme.hash(), 200).json();
    assertThat(own.get("matches").asBoolean()).isTrue();
    assertThat(own.get("chainIntact").asBoolean()).isTrue();

    long unknown = latest().id() + 1_000;
    long withoutTenant =
        jdbc.queryForObject("SELECT min(id) FROM audit_events WHERE tenant_id IS NULL", Long.class);
    JsonNode other = receipt(acmeTenant, globex.id(), globex.hash(), 404).json();
    JsonNode none = receipt(acmeTenant, withoutTenant, acme.hash(), 404).json();
    JsonNode missing = receipt(acmeTenant, unknown, acme.hash(), 404).json();
    for (JsonNode p : new JsonNode[] {other, none, missing}) {
      assertThat(p.get("title").asString()).isEqualTo(missing.get("title").asString());
      assertThat(p.has("matches")).isFalse();
    }
    assertThat(other.get("detail").asString()).isEqualTo("No audit event " + globex.id() + ".");
    assertThat(missing.get("detail").asString()).isEqualTo("No audit event " + unknown + ".");
    // operator and auditor see the same unknown id as a 404 too
    receipt(operator, unknown, acme.hash(), 404);
    receipt(auditor, unknown, acme.hash(), 404);
  }

  @Test
  void operatorAndAuditorCheckAnyEvent() {
    long withoutTenant =
        jdbc.queryForObject("SELECT min(id) FROM audit_events WHERE tenant_id IS NULL", Long.class);
    String itsHash =
        jdbc.queryForObject(
            "SELECT hash FROM audit_events WHERE id = ?", String.class, withoutTenant);
    for (ApiClient caller : new ApiClient[] {operator, auditor}) {
      for (Event e : new Event[] {acme, globex, new Event(withoutTenant, itsHash)}) {
        JsonNode r = receipt(caller, e.id(), e.hash(), 200).json();
        assertThat(r.get("matches").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("chainIntact").asBoolean()).as(r.toString()).isTrue();
      }
    }
  }

  @Test
  void badParametersAreProblemsNamingThem() {
    String h = acme.hash();
    assertBadParameter("/api/v1/audits/events/receipt?hash=" + h, "id");
    assertBadParameter("/api/v1/audits/events/receipt?id=&hash=" + h, "id");
    assertBadParameter("/api/v1/audits/events/receipt?id=abc&hash=" + h, "id");
    assertBadParameter("/api/v1/audits/events/receipt?id=0&hash=" + h, "id");
    assertBadParameter("/api/v1/audits/events/receipt?id=-3&hash=" + h, "id");
    assertBadParameter("/api/v1/audits/events/receipt?id=99999999999999999999&hash=" + h, "id");
    assertBadParameter("/api/v1/audits/events/receipt?id=" + acme.id(), "hash");
    assertBadParameter("/api/v1/audits/events/receipt?id=" + acme.id() + "&hash=", "hash");
    assertBadParameter(
        "/api/v1/audits/events/receipt?id=" + acme.id() + "&hash=" + h.toUpperCase(), "hash");
    assertBadParameter(
        "/api/v1/audits/events/receipt?id=" + acme.id() + "&hash=" + h.substring(1), "hash");
    assertBadParameter(
        "/api/v1/audits/events/receipt?id=" + acme.id() + "&hash=" + h + "0", "hash");
    assertBadParameter(
        "/api/v1/audits/events/receipt?id=" + acme.id() + "&hash=" + "g".repeat(64), "hash");
  }

  @Test
  void tamperingAfterTheEventBreaksTheChainAndTamperingTheEventBreaksTheMatch()
      throws SQLException {
    // a later event rewritten: the receipt still matches, the chain to the head does not hold
    tamper("UPDATE audit_events SET outcome = 'FAILURE' WHERE id = " + globex.id());
    try {
      JsonNode later = receipt(acmeTenant, acme.id(), acme.hash(), 200).json();
      assertThat(later.get("matches").asBoolean()).as(later.toString()).isTrue();
      assertThat(later.get("chainIntact").asBoolean()).as(later.toString()).isFalse();
      assertThat(later.get("brokenAt").asLong()).isEqualTo(globex.id());
      assertThat(later.get("checkedEvents").asLong())
          .isEqualTo(
              jdbc.queryForObject(
                  "SELECT count(*) FROM audit_events WHERE id >= ? AND id < ?",
                  Long.class,
                  acme.id(),
                  globex.id()));
    } finally {
      tamper("UPDATE audit_events SET outcome = 'SUCCESS' WHERE id = " + globex.id());
    }
    assertThat(receipt(auditor, acme.id(), acme.hash(), 200).json().get("chainIntact").asBoolean())
        .isTrue();

    // the event itself rewritten, its hash recomputed to fit: no longer the hash kept
    tamper(
        "UPDATE audit_events SET outcome = 'FAILURE' WHERE id = " + acme.id(),
        "UPDATE audit_events e SET hash = encode(sha256(convert_to(audit_event_canonical(e),"
            + " 'UTF8')), 'hex') WHERE id = "
            + acme.id());
    JsonNode rewritten = receipt(acmeTenant, acme.id(), acme.hash(), 200).json();
    assertThat(rewritten.get("matches").asBoolean()).as(rewritten.toString()).isFalse();
    // and the next event's link to it gives the rewrite away
    assertThat(rewritten.get("chainIntact").asBoolean()).isFalse();
    assertThat(rewritten.get("brokenAt").asLong()).isEqualTo(next(acme.id()));

    // the event's content changed but its stored hash kept: no match either
    tamper("UPDATE audit_events SET hash = '" + acme.hash() + "' WHERE id = " + acme.id());
    JsonNode edited = receipt(acmeTenant, acme.id(), acme.hash(), 200).json();
    assertThat(edited.get("matches").asBoolean()).as(edited.toString()).isFalse();
    assertThat(edited.get("chainIntact").asBoolean()).isFalse();
    assertThat(edited.get("brokenAt").asLong()).isEqualTo(acme.id());
    tamper("UPDATE audit_events SET outcome = 'SUCCESS' WHERE id = " + acme.id());
    assertThat(receipt(auditor, acme.id(), acme.hash(), 200).json().get("chainIntact").asBoolean())
        .isTrue();
  }

  private ApiClient.Response receipt(ApiClient caller, long id, String hash, int status) {
    ApiClient.Response r = caller.get("/api/v1/audits/events/receipt?id=" + id + "&hash=" + hash);
    assertThat(r.status()).as(r.toString()).isEqualTo(status);
    if (status >= 400) {
      assertThat(r.isProblem()).as(r.toString()).isTrue();
    }
    return r;
  }

  private void assertBadParameter(String path, String field) {
    for (ApiClient caller : new ApiClient[] {operator, acmeTenant}) {
      ApiClient.Response r = caller.sendingMalformedRequests().get(path);
      assertThat(r.status()).as(path + ": " + r).isEqualTo(400);
      assertThat(r.isProblem()).as(r.toString()).isTrue();
      assertThat(r.json().get("field").asString()).as(path + ": " + r).isEqualTo(field);
    }
  }

  private Event tenantCreate(String tenant) {
    return jdbc.queryForObject(
        "SELECT id, hash FROM audit_events WHERE action = 'tenant.create' AND tenant = ?",
        (rs, n) -> new Event(rs.getLong(1), rs.getString(2)),
        tenant);
  }

  private Event latest() {
    return jdbc.queryForObject(
        "SELECT id, hash FROM audit_events ORDER BY id DESC LIMIT 1",
        (rs, n) -> new Event(rs.getLong(1), rs.getString(2)));
  }

  private long count() {
    return jdbc.queryForObject("SELECT count(*) FROM audit_events", Long.class);
  }

  private long next(long id) {
    return jdbc.queryForObject("SELECT min(id) FROM audit_events WHERE id > ?", Long.class, id);
  }

  private void tamper(String... statements) throws SQLException {
    Tamper.auditEvents(schema, statements);
  }
}
