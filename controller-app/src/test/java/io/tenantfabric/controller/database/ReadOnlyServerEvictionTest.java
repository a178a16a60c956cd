package io.tenantfabric.controller.database;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The pool drops a connection left on a read-only server and leaves every other verdict alone. */
class ReadOnlyServerEvictionTest {

  private final ReadOnlyServerEviction eviction = new ReadOnlyServerEviction();

  @Test
  void aWriteRefusedByAReadOnlyServerEvictsTheConnection() {
    assertThat(
            eviction.adjudicate(
                new SQLException("cannot execute INSERT in a read-only transaction", "25006")))
        .isEqualTo(SQLExceptionOverride.Override.MUST_EVICT);
  }

  @Test
  void otherFailuresKeepHikarisOwnRules() {
    assertThat(eviction.adjudicate(new SQLException("I/O error", "08006")))
        .isEqualTo(SQLExceptionOverride.Override.CONTINUE_EVICT);
    assertThat(eviction.adjudicate(new SQLException("duplicate key", "23505")))
        .isEqualTo(SQLExceptionOverride.Override.CONTINUE_EVICT);
    assertThat(eviction.adjudicate(new SQLException("no state")))
        .isEqualTo(SQLExceptionOverride.Override.CONTINUE_EVICT);
  }
}
