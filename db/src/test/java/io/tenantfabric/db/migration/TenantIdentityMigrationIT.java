package io.tenantfabric.db.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Migration V4 on a database written by V3 code, including the case V4 closes: a TENANT token left
 * unrevoked for a deleted tenant whose name a new customer took. The fixture is written at V3, then
 * V4 and later run as the {@code --migrate} step would.
 */
class TenantIdentityMigrationIT {

  private static TestDatabases.Schema schema;

  @BeforeAll
  static void v3DatabaseWithAReusedNameThenMigrated() throws SQLException {
    schema = TestDatabases.emptySchema("v4_fixture");
    TestDatabases.migrate(schema, "3");
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      // 'race-1': a first customer (deleted), then a second one under the same name (live)
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota, status, created_at, deleted_at)"
              + " VALUES ('race-1', 'FIRST customer', 8, 'DELETED', '2026-11-01T10:00:00Z',"
              + " '2026-11-01T12:00:00Z')");
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota, created_at)"
              + " VALUES ('race-1', 'SECOND customer', 8, '2026-11-02T10:00:00Z')");
      // 'dup': two lifetimes that overlap (clock skew between instances): ambiguous
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota, status, created_at, deleted_at)"
              + " VALUES ('dup', 'D1', 8, 'DELETED', '2026-11-01T10:00:00Z',"
              + " '2026-11-03T10:00:00Z')");
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota, created_at)"
              + " VALUES ('dup', 'D2', 8, '2026-11-02T10:00:00Z')");
      token(st, "leaked", "TENANT", "race-1", "2026-11-01T11:00:00Z"); // the race survivor
      token(st, "orphan", "TENANT", "race-1", "2026-11-01T13:00:00Z"); // no tenant then
      token(st, "current", "TENANT", "race-1", "2026-11-02T11:00:00Z"); // the new customer's
      token(st, "ambiguous", "TENANT", "dup", "2026-11-02T11:00:00Z");
      token(st, "operator", "OPERATOR", null, "2026-11-01T09:00:00Z");
      st.execute(
          "INSERT INTO idempotency_records (scope, idempotency_key, request_hash,"
              + " response_status, content_type, response_body) VALUES ('allocations:race-1:PORTAL',"
              + " 'k1', repeat('a', 64), 202, 'application/json', '{}')");
      st.execute(
          "INSERT INTO audit_events (action, target_type, target, tenant, outcome, prev_hash, hash)"
              + " VALUES ('tenant.create', 'tenant', 'race-1', 'race-1', 'SUCCESS', '', '')");
    }
    TestDatabases.migrate(schema, null);
  }

  @Test
  void theLeakedTokenOfTheDeletedTenantIsRevokedAndNeverBoundToTheNewCustomer()
      throws SQLException {
    Map<String, String> leaked = tokenRow("leaked");
    assertThat(leaked.get("revoked_at")).isNotNull();
    assertThat(leaked.get("revoked_reason")).contains("tenant was deleted");
    assertThat(leaked.get("tenant_id")).isEqualTo(tenantId("race-1", "FIRST customer"));
  }

  @Test
  void tokensMatchingNoTenantOrSeveralAreRevoked() throws SQLException {
    for (String label : new String[] {"orphan", "ambiguous"}) {
      Map<String, String> row = tokenRow(label);
      assertThat(row.get("revoked_at")).as(label).isNotNull();
      assertThat(row.get("tenant_id")).as(label).isNull();
      assertThat(row.get("revoked_reason")).as(label).contains("no single tenant");
    }
  }

  @Test
  void theNewCustomersOwnTokenIsBoundToItAndStaysValid() throws SQLException {
    Map<String, String> current = tokenRow("current");
    assertThat(current.get("revoked_at")).isNull();
    assertThat(current.get("tenant_id")).isEqualTo(tenantId("race-1", "SECOND customer"));
    Map<String, String> operator = tokenRow("operator");
    assertThat(operator.get("revoked_at")).isNull();
    assertThat(operator.get("tenant_id")).isNull();
  }

  @Test
  void nameScopedIdempotencyRecordsAreDropped() throws SQLException {
    assertThat(schema.count("SELECT count(*) FROM idempotency_records")).isZero();
  }

  @Test
  void eventsBeforeV4KeepTheirFormOneHashAndNewEventsChainOnInFormTwo() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO audit_events (action, target_type, tenant_id, outcome, prev_hash, hash)"
              + " VALUES ('after.v4', 'test', 42, 'SUCCESS', '', '')");
    }
    assertThat(schema.count("SELECT count(*) FROM audit_events WHERE form = 1")).isEqualTo(1);
    assertThat(schema.count("SELECT count(*) FROM audit_events WHERE form = 2")).isEqualTo(1);
    assertThat(
            schema.count(
                "SELECT count(*) FROM audit_events e WHERE e.hash <>"
                    + " encode(sha256(convert_to(audit_event_canonical(e), 'UTF8')), 'hex')"))
        .as("every stored hash matches its own form")
        .isZero();
    assertThat(
            schema.count(
                "SELECT count(*) FROM audit_events e JOIN audit_events p ON p.id = ("
                    + "SELECT max(id) FROM audit_events WHERE id < e.id) WHERE e.prev_hash <>"
                    + " p.hash"))
        .as("the chain links across the change of form")
        .isZero();
  }

  private static void token(Statement st, String label, String role, String tenant, String at)
      throws SQLException {
    st.execute(
        "INSERT INTO api_tokens (id, label, role, tenant, secret_hash, created_at) VALUES"
            + " (gen_random_uuid(), '"
            + label
            + "', '"
            + role
            + "', "
            + (tenant == null ? "NULL" : "'" + tenant + "'")
            + ", encode(sha256(convert_to('"
            + label
            + "', 'UTF8')), 'hex'), '"
            + at
            + "')");
  }

  private static Map<String, String> tokenRow(String label) throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT tenant_id::text, revoked_at::text, revoked_reason FROM api_tokens"
                    + " WHERE label = '"
                    + label
                    + "'")) {
      assertThat(rs.next()).as("token " + label).isTrue();
      Map<String, String> row = new HashMap<>();
      row.put("tenant_id", rs.getString(1));
      row.put("revoked_at", rs.getString(2));
      row.put("revoked_reason", rs.getString(3));
      return row;
    }
  }

  private static String tenantId(String name, String displayName) throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT id::text FROM tenants WHERE name = '"
                    + name
                    + "' AND display_name = '"
                    + displayName
                    + "'")) {
      rs.next();
      return rs.getString(1);
    }
  }
}
