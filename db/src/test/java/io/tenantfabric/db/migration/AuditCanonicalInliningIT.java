package io.tenantfabric.db.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Migration V13 redefines the audit chain's canonical form so that PostgreSQL inlines it: events
 * written before it, in form 1 (before V4) and form 2, must have exactly the canonical text they
 * had, so that every stored hash still verifies, and the plan must show the functions inlined.
 */
class AuditCanonicalInliningIT {

  /** Every column the form covers, with NULLs, multi-byte text, JSON and a newline in a value. */
  private static final String FORM_TWO_EVENTS =
      "INSERT INTO audit_events (actor_token_id, actor_role, action, target_type, target, tenant,"
          + " tenant_id, request_id, outcome, details, prev_hash, hash) VALUES"
          + " (gen_random_uuid(), 'OPERATOR', 'tenant.create', 'tenant', 'acme', 'acme', 7,"
          + " 'req-1', 'SUCCESS', '{\"gpus\": 8, \"leaves\": [\"leaf-01\", \"leaf-02\"]}', '', ''),"
          + " (NULL, NULL, 'device.apply', 'switch', 'leaf-03', NULL, NULL, NULL, 'FAILURE',"
          + " '{\"error\": \"line one\\nline two\", \"name\": \"Zürich 研究所\"}', '', ''),"
          + " (NULL, 'TENANT', 'allocation.create', 'allocation', E'a\\nb', 'b2', 9, NULL,"
          + " 'REJECTED', '{}', '', '')";

  private static TestDatabases.Schema schema;
  private static Map<Long, String> formsBefore;

  @BeforeAll
  static void eventsOfBothFormsThenMigrated() throws SQLException {
    schema = TestDatabases.emptySchema("v13_fixture");
    TestDatabases.migrate(schema, "3");
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO audit_events (action, target_type, target, tenant, outcome, details,"
              + " prev_hash, hash) VALUES ('tenant.create', 'tenant', 'old', 'old', 'SUCCESS',"
              + " '{\"gpus\": 1}', '', ''), ('token.issue', 'token', NULL, NULL, 'SUCCESS', '{}',"
              + " '', '')");
    }
    TestDatabases.migrate(schema, "12");
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      st.execute(FORM_TWO_EVENTS);
    }
    formsBefore = canonicalForms();
    TestDatabases.migrate(schema, null);
  }

  @Test
  void everyStoredEventHasTheCanonicalTextItHadSoItsHashStillVerifies() throws SQLException {
    assertThat(formsBefore).hasSize(5);
    assertThat(schema.count("SELECT count(*) FROM audit_events WHERE form = 1")).isEqualTo(2);
    assertThat(canonicalForms()).isEqualTo(formsBefore);
    assertThat(formsBefore.values())
        .anySatisfy(f -> assertThat(f).startsWith("tf-audit-v1\n"))
        .anySatisfy(f -> assertThat(f).startsWith("tf-audit-v2\n").contains("\n-\n"))
        .anySatisfy(f -> assertThat(f).contains("研究所"));
    assertThat(schema.count(MISMATCHED_HASHES)).as("stored hashes that no longer verify").isZero();
  }

  @Test
  void eventsAppendedAfterTheMigrationChainOnAndVerify() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(FORM_TWO_EVENTS);
    }
    assertThat(schema.count(MISMATCHED_HASHES)).isZero();
    assertThat(
            schema.count(
                "SELECT count(*) FROM audit_events e JOIN audit_events p ON p.id = ("
                    + "SELECT max(id) FROM audit_events WHERE id < e.id) WHERE e.prev_hash <>"
                    + " p.hash"))
        .as("links broken")
        .isZero();
  }

  @Test
  void theCanonicalFormIsInlinedIntoTheQueryThatCallsIt() throws SQLException {
    List<String> plan = new ArrayList<>();
    try (Connection c = schema.connect();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "EXPLAIN (VERBOSE, COSTS OFF) SELECT audit_event_canonical(e) FROM audit_events"
                    + " e")) {
      while (rs.next()) {
        plan.add(rs.getString(1));
      }
    }
    String output = String.join("\n", plan);
    // a function that is not inlined stays a call in the plan's output expression
    assertThat(output)
        .contains("concat_ws")
        .doesNotContain("audit_event_canonical(")
        .doesNotContain("audit_field(");
  }

  private static final String MISMATCHED_HASHES =
      "SELECT count(*) FROM audit_events e WHERE e.hash <>"
          + " encode(sha256(convert_to(audit_event_canonical(e), 'UTF8')), 'hex')";

  private static Map<Long, String> canonicalForms() throws SQLException {
    Map<Long, String> forms = new LinkedHashMap<>();
    try (Connection c = schema.connect();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT e.id, audit_event_canonical(e) FROM audit_events e ORDER BY e.id")) {
      while (rs.next()) {
        forms.put(rs.getLong(1), rs.getString(2));
      }
    }
    return forms;
  }
}
