package io.tenantfabric.controller.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ControllerIT;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** What PostgreSQL itself says a transaction of each kind runs as. */
@ControllerIT
class TransactionsIT {

  @Autowired Transactions tx;
  @Autowired JdbcTemplate jdbc;
  @Autowired TimeoutProperties timeouts;

  private List<String> settings() {
    return jdbc.queryForList(
        "SELECT current_setting('transaction_isolation') || ' ' ||"
            + " current_setting('transaction_read_only') || ' ' ||"
            + " current_setting('statement_timeout')",
        String.class);
  }

  /** The transaction's lock and statement timeouts in milliseconds, as PostgreSQL has them. */
  private String limits() {
    return jdbc.queryForObject(
        "SELECT (SELECT setting FROM pg_settings WHERE name = 'lock_timeout') || ' ' ||"
            + " (SELECT setting FROM pg_settings WHERE name = 'statement_timeout')",
        String.class);
  }

  private static String millis(TimeoutProperties.Limits l) {
    return l.lock().toMillis() + " " + l.statement().toMillis();
  }

  @Test
  void eachKindRunsWithItsOwnLimits() {
    assertThat(tx.read(this::limits)).isEqualTo(millis(timeouts.of(TimeoutProperties.Kind.READ)));
    assertThat(tx.longRead(this::limits))
        .isEqualTo(millis(timeouts.of(TimeoutProperties.Kind.LONG)));
    assertThat(tx.write(this::limits))
        .isEqualTo(millis(timeouts.of(TimeoutProperties.Kind.INTENT)));
    assertThat(tx.longWrite(this::limits))
        .isEqualTo(millis(timeouts.of(TimeoutProperties.Kind.LONG)));
  }

  @Test
  void readsAreReadOnlyRepeatableReadSnapshotsWithTheirTimeout() {
    assertThat(tx.read(this::settings))
        .singleElement()
        .asString()
        .startsWith("repeatable read on ");
    assertThat(tx.longRead(this::settings))
        .singleElement()
        .asString()
        .startsWith("repeatable read on ");
  }

  @Test
  void aReadInsideAWriteReadsInTheWrite() {
    assertThat(tx.write(() -> tx.read(this::settings)))
        .singleElement()
        .asString()
        .startsWith("read committed off ");
  }

  @Test
  void theConnectionIsLeftAsItWas() {
    tx.read(this::settings);
    assertThat(tx.write(this::settings))
        .singleElement()
        .asString()
        .startsWith("read committed off ");
  }
}
