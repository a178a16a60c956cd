package io.tenantfabric.db.provisioning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * A batch's record, what a restarted provisioner recovers from: {@code openBatch} writes the batch
 * and its switches in one statement, {@code join} adds the switches late intent brings, each with
 * its generation and persist-id (none for a save-point switch), and {@code openBatches} reads them
 * back until the batch is closed.
 */
class BatchRecordIT {

  private Connection connection;
  private BatchLog store;

  @BeforeEach
  void connect() throws SQLException {
    TestDatabases.Schema schema = TestDatabases.freshSchema("db_batch_record"); // one per test
    try (Connection owner = schema.connectAsOwner();
        Statement st = owner.createStatement()) {
      st.execute(
          "INSERT INTO switches (name, role) VALUES ('leaf-01', 'LEAF'), ('leaf-02', 'LEAF'),"
              + " ('leaf-03', 'LEAF')");
    }
    connection = schema.connect(); // as the service runs: the runtime role
    store = new BatchLog(new JdbcTemplate(new SingleConnectionDataSource(connection, true)));
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void opensJoinsReadsBackAndCloses() {
    Instant now = Instant.parse("2026-12-03T12:00:00Z");
    long id =
        store.openBatch(
            List.of(new BatchSwitch("leaf-02", 7, "p-2"), new BatchSwitch("leaf-01", 4, null)),
            now);
    store.join(id, List.of(new BatchSwitch("leaf-03", 9, "p-3")));

    assertThat(store.openBatches()).hasSize(1);
    OpenBatch open = store.openBatches().get(0);
    assertThat(open.id()).isEqualTo(id);
    assertThat(open.switches())
        .containsExactly(
            new BatchSwitch("leaf-01", 4, null),
            new BatchSwitch("leaf-02", 7, "p-2"),
            new BatchSwitch("leaf-03", 9, "p-3"));
    assertThat(open.confirmed()).isEmpty();

    store.closeBatch(id, "DONE", now.plusSeconds(1));
    assertThat(store.openBatches()).isEmpty();
  }

  @Test
  void aSwitchJoinsABatchOnce() {
    long id = store.openBatch(List.of(new BatchSwitch("leaf-01", 1, null)), Instant.now());
    assertThatThrownBy(() -> store.join(id, List.of(new BatchSwitch("leaf-01", 2, null))))
        .hasMessageContaining("provisioning_batch_switches");
    assertThat(store.openBatches().get(0).switches())
        .containsExactly(new BatchSwitch("leaf-01", 1, null));
  }
}
