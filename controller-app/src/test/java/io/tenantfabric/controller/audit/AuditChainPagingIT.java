package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.Tamper;
import io.tenantfabric.db.testing.TestDatabases;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Verification pages through a chain longer than one page (500 rows) and still finds a row tampered
 * with deep inside it; the time taken is logged, not asserted.
 */
@ControllerIT
class AuditChainPagingIT {
  private static final Logger LOG = LoggerFactory.getLogger(AuditChainPagingIT.class);

  static final int EVENTS = 5_000;

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired TestDatabases.Schema schema;

  @Test
  void verifyWalksEveryPageAndFindsADeepTamper() throws Exception {
    ApiClient auditor = new ApiClient(port).as(Role.AUDITOR, null);
    long t0 = System.nanoTime();
    // appended through the same trigger the application's inserts go through
    jdbc.update(
        "INSERT INTO audit_events (action, target_type, target, tenant, outcome, details,"
            + " prev_hash, hash) SELECT 'bench.append', 'bench', 'item-' || g, 'acme', 'SUCCESS',"
            + " jsonb_build_object('n', g, 'text', 'zwölf\\n\"quoted\"'), '', '' FROM"
            + " generate_series(1, ?) g",
        EVENTS);
    long appendNanos = System.nanoTime() - t0;
    long total = jdbc.queryForObject("SELECT count(*) FROM audit_events", Long.class);
    assertThat(total).isGreaterThan(EVENTS);

    long verifyNanos = Long.MAX_VALUE;
    JsonNode ok = null;
    for (int round = 0; round < 3; round++) { // the first round includes warm-up
      long t1 = System.nanoTime();
      ok = auditor.get("/api/v1/audits/events/verify?full=true").json();
      verifyNanos = Math.min(verifyNanos, System.nanoTime() - t1);
    }
    assertThat(ok.get("ok").asBoolean()).as(ok.toString()).isTrue();
    assertThat(ok.get("checked").asLong()).isEqualTo(total);
    assertThat(ok.get("lastHash").asString())
        .isEqualTo(
            jdbc.queryForObject(
                "SELECT hash FROM audit_events ORDER BY id DESC LIMIT 1", String.class));

    long deep =
        jdbc.queryForObject(
            "SELECT id FROM audit_events ORDER BY id OFFSET 3777 LIMIT 1", Long.class);
    Tamper.auditEvents(
        schema, "UPDATE audit_events SET details = '{\"n\": -1}' WHERE id = " + deep);
    JsonNode broken = auditor.get("/api/v1/audits/events/verify?full=true").json();
    assertThat(broken.get("ok").asBoolean()).isFalse();
    assertThat(broken.get("firstBroken").get("id").asLong()).isEqualTo(deep);
    assertThat(broken.get("checked").asLong()).isEqualTo(3_777);

    LOG.info(
        String.format(
            "audit chain: %d appends through the trigger in %.0f ms (%.0f/s); best of 3 verifies of"
                + " %d events in %.0f ms (%.0f/s)",
            EVENTS,
            appendNanos / 1e6,
            EVENTS / (appendNanos / 1e9),
            total,
            verifyNanos / 1e6,
            total / (verifyNanos / 1e9)));
  }
}
