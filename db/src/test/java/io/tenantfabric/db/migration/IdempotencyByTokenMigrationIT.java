package io.tenantfabric.db.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Migration V23 on a database written at V22: the earlier release's records (keyed by tenant and
 * role, no token) stay, unique as before, for its instances still running during an upgrade;
 * records of this release are unique per token, operation and key, whatever the tenant.
 */
class IdempotencyByTokenMigrationIT {

  private static final String PORTAL = "'00000000-0000-4000-8000-000000000001'";
  private static final String OTHER_PORTAL = "'00000000-0000-4000-8000-000000000002'";

  private static TestDatabases.Schema schema;

  @BeforeAll
  static void v22DatabaseWithRecordsThenMigrated() throws SQLException {
    schema = TestDatabases.emptySchema("v23_fixture");
    TestDatabases.migrate(schema, "22");
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota) VALUES ('one', 'One', 8),"
              + " ('two', 'Two', 8)");
      for (String id : new String[] {PORTAL, OTHER_PORTAL}) {
        st.execute(
            "INSERT INTO api_tokens (id, role, secret_hash) VALUES ("
                + id
                + ", 'PORTAL', encode(sha256(convert_to("
                + id
                + ", 'UTF8')), 'hex'))");
      }
      // the earlier release: one key in two tenants, under the portal's role
      st.execute(legacy("one"));
      st.execute(legacy("two"));
    }
    TestDatabases.migrate(schema, null);
  }

  @Test
  void theEarlierReleasesRecordsStayAndStayUniquePerTenantRoleAndKey() throws SQLException {
    assertThat(schema.count("SELECT count(*) FROM idempotency_records WHERE token_id IS NULL"))
        .isEqualTo(2);
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      // what an instance of the earlier release writes, as the runtime role
      assertThatThrownBy(() -> st.execute(legacy("one")))
          .hasMessageContaining("idempotency_records_by_role");
    }
  }

  @Test
  void aTokensKeyIsUniquePerOperationWhateverTheTenant() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(keyed(PORTAL, "one", "tenant.delete", "k"));
      st.execute(keyed(OTHER_PORTAL, "one", "tenant.delete", "k")); // another token's own
      st.execute(keyed(PORTAL, "one", "allocation.create", "k")); // another operation
      assertThatThrownBy(() -> st.execute(keyed(PORTAL, "two", "tenant.delete", "k")))
          .hasMessageContaining("idempotency_records_by_token");
    }
  }

  private static String legacy(String tenant) {
    return "INSERT INTO idempotency_records (tenant_id, scope, idempotency_key, request_hash,"
        + " response_status, content_type, response_body, expires_at) SELECT id,"
        + " 'allocations:PORTAL', 'k', repeat('a', 64), 202, 'application/json', '{}',"
        + " now() + interval '1 day' FROM tenants WHERE name = '"
        + tenant
        + "'";
  }

  private static String keyed(String token, String tenant, String scope, String key) {
    return "INSERT INTO idempotency_records (token_id, tenant_id, scope, idempotency_key,"
        + " request_hash, response_status, content_type, response_body, expires_at) SELECT "
        + token
        + ", id, '"
        + scope
        + "', '"
        + key
        + "', repeat('b', 64), 204, '', '', now() + interval '1 day' FROM tenants WHERE name = '"
        + tenant
        + "'";
  }
}
