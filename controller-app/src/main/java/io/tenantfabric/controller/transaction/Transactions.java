package io.tenantfabric.controller.transaction;

import java.util.function.Supplier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs work in one transaction of a {@link TimeoutProperties.Kind}: the kind's {@code lock_timeout}
 * and {@code statement_timeout} are set with {@code SET LOCAL} (they end with the transaction),
 * reads run read-only in one REPEATABLE READ snapshot so that the figures of one answer agree with
 * each other (security review, finding 23). The isolation is set inside the transaction, with
 * {@code SET TRANSACTION}, which goes out with its {@code BEGIN}: set on the connection (Spring's
 * way), every read cost three more round trips, one to ask the connection's level, one to set it
 * and one to set it back.
 */
@Component
@EnableConfigurationProperties(TimeoutProperties.class)
public class Transactions {

  private final TransactionTemplate write;
  private final TransactionTemplate read;
  private final JdbcTemplate jdbc;
  private final TimeoutProperties timeouts;

  Transactions(PlatformTransactionManager txm, JdbcTemplate jdbc, TimeoutProperties timeouts) {
    this.write = new TransactionTemplate(txm);
    this.read = new TransactionTemplate(txm);
    this.read.setReadOnly(true);
    this.jdbc = jdbc;
    this.timeouts = timeouts;
  }

  /** A read of one consistent snapshot, with the medium statement timeout. */
  public <T> T read(Supplier<T> work) {
    return read.execute(
        status -> {
          snapshot(status);
          limit(TimeoutProperties.Kind.READ);
          return work.get();
        });
  }

  /** A long read (full audit-chain verification). */
  public <T> T longRead(Supplier<T> work) {
    return read.execute(
        status -> {
          snapshot(status);
          limit(TimeoutProperties.Kind.LONG);
          return work.get();
        });
  }

  /** A short write with the intent timeouts (an intent change, a checkpoint, a batch outcome). */
  public <T> T write(Supplier<T> work) {
    return write(TimeoutProperties.Kind.INTENT, work);
  }

  /** A long write (defining or growing the fabric). */
  public <T> T longWrite(Supplier<T> work) {
    return write(TimeoutProperties.Kind.LONG, work);
  }

  private <T> T write(TimeoutProperties.Kind kind, Supplier<T> work) {
    return write.execute(
        status -> {
          limit(kind);
          return work.get();
        });
  }

  /**
   * Makes a read that began a transaction one REPEATABLE READ snapshot; before any query, as
   * PostgreSQL demands. A read that joined a caller's transaction reads in the caller's.
   */
  private void snapshot(TransactionStatus status) {
    if (status.isNewTransaction()) {
      jdbc.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    }
  }

  private void limit(TimeoutProperties.Kind kind) {
    TimeoutProperties.Limits l = timeouts.of(kind);
    jdbc.queryForObject(
        "SELECT set_config('lock_timeout', ?, true), set_config('statement_timeout', ?, true)",
        (rs, n) -> null,
        l.lock().toMillis() + "ms",
        l.statement().toMillis() + "ms");
  }
}
