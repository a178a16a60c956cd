package io.tenantfabric.db.provisioning;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * A switch's last error is recorded whatever its words: the phase and the message are cut to their
 * columns' bounds rather than failing the batch outcome that records them.
 */
class SwitchErrorIT {

  private Connection connection;
  private SwitchStates states;

  @BeforeEach
  void connect() throws SQLException {
    TestDatabases.Schema schema = TestDatabases.freshSchema("db_switch_error");
    try (Connection owner = schema.connectAsOwner();
        Statement st = owner.createStatement()) {
      st.execute("INSERT INTO switches (name, role) VALUES ('leaf-01', 'LEAF')");
    }
    connection = schema.connect();
    states = new SwitchStates(new JdbcTemplate(new SingleConnectionDataSource(connection, true)));
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void anOverlongPhaseAndMessageAreCutToTheirColumns() throws SQLException {
    String phase = "edit port FourHundredGigE1/0/12 and 3 more of its kind";
    states.recordError("leaf-01", "FAILED", phase, "x".repeat(5000), Instant.now());
    try (Statement st = connection.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT state, last_error_phase, length(last_error) FROM switches"
                    + " WHERE name = 'leaf-01'")) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo("FAILED");
      assertThat(rs.getString(2)).isEqualTo(phase.substring(0, 32));
      assertThat(rs.getInt(3)).isEqualTo(4000);
    }
  }
}
