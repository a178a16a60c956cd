package io.tenantfabric.controller.transaction;

import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.function.Supplier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import org.springframework.transaction.support.TransactionCallback;

/**
 * Runs work in one transaction of a {@link TimeoutProperties.Kind}: the kind's {@code lock_timeout}
 * and {@code statement_timeout} are set with {@code SET LOCAL} (they end with the transaction),
 * reads run read-only in one REPEATABLE READ snapshot so that the figures of one answer agree with
 * each other. The isolation is set inside the transaction, with {@code SET TRANSACTION}, which goes
 * out with its {@code BEGIN} and the limits, in one round trip: set on the connection (Spring's
 * way), it would cost every read three more round trips, one to ask the connection's level, one to
 * set it and one to set it back.
 */
@Component
@EnableConfigurationProperties(TimeoutProperties.class)
public class Transactions {

  private final PlatformTransactionManager txm;
  private final DefaultTransactionDefinition write;
  private final DefaultTransactionDefinition read;
  private final JdbcTemplate jdbc;
  private final TimeoutProperties timeouts;

  Transactions(PlatformTransactionManager txm, JdbcTemplate jdbc, TimeoutProperties timeouts) {
    this.txm = txm;
    this.write = new DefaultTransactionDefinition();
    this.read = new DefaultTransactionDefinition();
    this.read.setReadOnly(true);
    this.jdbc = jdbc;
    this.timeouts = timeouts;
  }

  /** A read of one consistent snapshot, with the medium statement timeout. */
  public <T> T read(Supplier<T> work) {
    return execute(
        read,
        status -> {
          begin(status, TimeoutProperties.Kind.READ);
          return work.get();
        });
  }

  /**
   * A read of one consistent snapshot whose lock and statement timeouts are both {@code limit}: for
   * a read that bounds itself (a receipt check sets each later statement's timeout to the time it
   * has left), so that it hands its connection back within {@code limit}.
   */
  public <T> T read(Duration limit, Supplier<T> work) {
    return execute(
        read,
        status -> {
          limit(
              new TimeoutProperties.Limits(limit, limit),
              status.isNewTransaction() ? "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ" : null);
          return work.get();
        });
  }

  /** A long read (full audit-chain verification). */
  public <T> T longRead(Supplier<T> work) {
    return execute(
        read,
        status -> {
          begin(status, TimeoutProperties.Kind.LONG);
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
    return execute(
        write,
        status -> {
          limit(kind, null);
          return work.get();
        });
  }

  /**
   * What {@code TransactionTemplate.execute} does, except that a rollback that fails after the work
   * failed does not replace the work's failure: on a connection lost to a failover the rollback
   * fails too ("Connection is closed", no SQL state), and only the work's own failure says the
   * database went away (a 503, not a 500). The rollback's failure rides along, suppressed.
   */
  private <T> T execute(TransactionDefinition definition, TransactionCallback<T> work) {
    TransactionStatus status = txm.getTransaction(definition);
    T result;
    try {
      result = work.doInTransaction(status);
    } catch (RuntimeException | Error e) {
      try {
        txm.rollback(status);
      } catch (RuntimeException | Error rollback) {
        e.addSuppressed(rollback);
      }
      throw e;
    }
    txm.commit(status);
    return result;
  }

  /**
   * Makes a read that began a transaction one REPEATABLE READ snapshot, before any query, as
   * PostgreSQL demands, and sets its limits, both in one round trip; a read that joined a caller's
   * transaction reads in the caller's, with the limits of the read.
   */
  private void begin(TransactionStatus status, TimeoutProperties.Kind kind) {
    limit(
        kind, status.isNewTransaction() ? "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ" : null);
  }

  /**
   * Sets the kind's limits for the rest of the transaction, after {@code first} (a statement
   * without parameters, or null) in the same round trip: the statements go as one message sequence
   * with one sync, as a {@code RoundTrip}'s do. A read spent one round trip on its isolation and
   * one on its limits, before its own query; a waiter's re-read, on the path of every {@code
   * ?wait=} answer, is such a read.
   */
  private void limit(TimeoutProperties.Kind kind, String first) {
    limit(timeouts.of(kind), first);
  }

  private void limit(TimeoutProperties.Limits l, String first) {
    String limits =
        "SELECT set_config('lock_timeout', ?, true), set_config('statement_timeout', ?, true)";
    jdbc.execute(
        first == null ? limits : first + ";\n" + limits,
        (PreparedStatement ps) -> {
          ps.setString(1, l.lock().toMillis() + "ms");
          ps.setString(2, l.statement().toMillis() + "ms");
          ps.execute();
          return null;
        });
  }
}
