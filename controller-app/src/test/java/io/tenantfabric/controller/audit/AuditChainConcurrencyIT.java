package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** Concurrent appends serialise: the chain stays one line, it never forks. */
@ControllerIT
class AuditChainConcurrencyIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  @Test
  void concurrentMutationsKeepOneLinearChain() throws Exception {
    ApiClient operator = new ApiClient(port);
    int requests = 24;
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> statuses = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        String label = "concurrent " + i;
        statuses.add(
            pool.submit(
                () ->
                    operator
                        .post("/api/v1/tokens", Map.of("role", "AUDITOR", "label", label))
                        .status()));
      }
      for (Future<Integer> f : statuses) {
        assertThat(f.get()).isEqualTo(201);
      }
    } finally {
      pool.shutdown();
    }
    Integer events = jdbc.queryForObject("SELECT count(*) FROM audit_events", Integer.class);
    Integer links =
        jdbc.queryForObject("SELECT count(DISTINCT prev_hash) FROM audit_events", Integer.class);
    Integer linked =
        jdbc.queryForObject(
            "SELECT count(*) FROM audit_events e JOIN LATERAL (SELECT p.hash FROM audit_events p"
                + " WHERE p.id < e.id ORDER BY p.id DESC LIMIT 1) prev ON prev.hash = e.prev_hash",
            Integer.class);
    assertThat(events).isEqualTo(requests + 1); // plus the bootstrap token
    assertThat(links).isEqualTo(events);
    assertThat(linked).isEqualTo(events - 1);
    var verify = operator.as(Role.AUDITOR, null).get("/api/v1/audits/events/verify").json();
    assertThat(verify.get("ok").asBoolean()).as(verify.toString()).isTrue();
  }
}
