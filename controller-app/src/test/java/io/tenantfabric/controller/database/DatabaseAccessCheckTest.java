package io.tenantfabric.controller.database;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DatabaseAccessCheckTest {

  @Test
  void aDatabaseOnlyItsTwoRolesMayUseNeedsNoWarning() {
    assertThat(DatabaseAccessCheck.warningFor("tf", "tf_owner", "tf_app", false, false, false))
        .isEmpty();
  }

  @Test
  void publicConnectOrTemporaryIsNamedWithTheStatementsThatTakeThemAway() {
    assertThat(DatabaseAccessCheck.warningFor("tf", "tf_owner", "tf_app", true, true, true))
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .contains("every role of the cluster may connect to it")
                    .contains("every role may create temporary tables in it")
                    .contains("REVOKE CONNECT, TEMPORARY ON DATABASE \"tf\" FROM PUBLIC;")
                    .contains("GRANT CONNECT ON DATABASE \"tf\" TO \"tf_owner\", \"tf_app\";"));
    assertThat(DatabaseAccessCheck.warningFor("tf", "tf_owner", "tf_app", false, true, true))
        .hasValueSatisfying(w -> assertThat(w).doesNotContain("may connect"));
  }

  @Test
  void aRuntimeRoleGrantedTemporaryByNameIsNamed() {
    assertThat(DatabaseAccessCheck.warningFor("tf", "tf_owner", "tf_app", false, false, true))
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .contains("the runtime role tf_app may create temporary tables in it")
                    .contains("REVOKE TEMPORARY ON DATABASE \"tf\" FROM \"tf_app\";")
                    .doesNotContain("PUBLIC"));
  }
}
