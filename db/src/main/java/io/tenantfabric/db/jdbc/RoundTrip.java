package io.tenantfabric.db.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.IntConsumer;
import org.postgresql.PGStatement;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.ResultSetExtractor;

/**
 * Statements that go to PostgreSQL together and are answered together: one prepared statement of
 * several, which the driver sends as one message sequence with one sync at the end, so the server
 * runs them back to back without waiting for the client between them. Each is still its own
 * statement (its own snapshot in READ COMMITTED, its own triggers at its end, the rows of the ones
 * before it visible), exactly as if sent one by one; the first error aborts the transaction and the
 * rest are not run. For work that holds a lock every other writer waits for: there the round trips
 * between statements, each waiting for a core on a busy host, would be most of the time the lock is
 * held (docs/perf/where-the-time-goes-2026-12-02.md).
 *
 * <p>Repositories add their statements ({@link #update}, {@link #query}) in the order they must
 * run; the caller {@link #send}s once, in its transaction, and only then are the answers there. Not
 * thread-safe; sent at most once.
 */
public final class RoundTrip {

  /** A statement's parameters, set in the order its placeholders appear. */
  public interface Parameters {
    /** A {@code java.sql.Array} of {@code type} ({@code "uuid"}, {@code "text"}, ...). */
    Parameters array(String type, Collection<?> values);

    Parameters string(String value);

    /** {@code value}, possibly null, as {@code sqlType} ({@link java.sql.Types}). */
    Parameters object(Object value, int sqlType);
  }

  /** Sets one statement's parameters. */
  @FunctionalInterface
  public interface Binder {
    void bind(Parameters parameters);
  }

  /** What a statement of the round trip answered: there once the round trip has been sent. */
  public static final class Answer<T> {
    private T value;
    private boolean set;

    private void set(T value) {
      this.value = value;
      this.set = true;
    }

    public T get() {
      if (!set) {
        throw new IllegalStateException("the round trip has not been sent");
      }
      return value;
    }
  }

  private interface Setter {
    void set(PreparedStatement ps, int index) throws SQLException;
  }

  /** How one statement's outcome is read: its rows, or the number of rows it changed. */
  private record Reader(String sql, RowsRead<?> rows, IntConsumer changed) {}

  /** A statement's rows, read into its answer. */
  private record RowsRead<T>(ResultSetExtractor<T> extractor, Answer<T> answer) {
    void read(ResultSet rs) throws SQLException {
      answer.set(extractor.extractData(rs));
    }
  }

  private final JdbcTemplate jdbc;
  private final StringBuilder sql = new StringBuilder();
  private final List<Setter> setters = new ArrayList<>();
  private final List<Reader> readers = new ArrayList<>();
  private boolean sent;
  private boolean planEachRun;

  public RoundTrip(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Adds a statement that changes rows; {@code changed} gets how many. */
  public RoundTrip update(String statement, Binder binder, IntConsumer changed) {
    return add(statement, binder, new Reader(statement, null, changed));
  }

  /** Adds a statement that returns rows; its answer is what {@code extractor} makes of them. */
  public <T> Answer<T> query(String statement, Binder binder, ResultSetExtractor<T> extractor) {
    Answer<T> answer = new Answer<>();
    add(statement, binder, new Reader(statement, new RowsRead<>(extractor, answer), null));
    return answer;
  }

  /**
   * A {@code changed} for {@link #update} that fails the transaction unless the statement changed
   * exactly {@code expected} rows: "{changed} of {expected} {what}".
   */
  public static IntConsumer expecting(int expected, String what) {
    return changed -> {
      if (changed != expected) {
        throw new IllegalStateException(changed + " of " + expected + " " + what);
      }
    };
  }

  /**
   * Has the server plan this trip's statements each time they run, for the table as it is then: for
   * statements whose best plan depends on how large a growing table is (an array of names looked up
   * in {@code tenants}). The driver server-prepares a statement after its fifth run, and PostgreSQL
   * then keeps a generic plan made for the table as it was, until an {@code ANALYZE} of it; without
   * autovacuum, or before it comes by, a plan made at a few hundred rows would scan the grown table
   * under the fabric lock (docs/perf/plans-that-outlive-their-table.md). Costs a parse and a plan
   * per run.
   */
  public RoundTrip planEachRun() {
    planEachRun = true;
    return this;
  }

  /** Whether no statement was added. */
  public boolean isEmpty() {
    return readers.isEmpty();
  }

  private RoundTrip add(String statement, Binder binder, Reader reader) {
    if (sent) {
      throw new IllegalStateException("the round trip was already sent");
    }
    if (statement.indexOf(';') >= 0) {
      throw new IllegalArgumentException("one statement at a time: " + statement);
    }
    if (!sql.isEmpty()) {
      sql.append(";\n");
    }
    sql.append(statement);
    binder.bind(new Bound());
    readers.add(reader);
    return this;
  }

  /** Runs every statement added, in order, in the caller's transaction, and reads each answer. */
  public void send() {
    if (sent) {
      throw new IllegalStateException("the round trip was already sent");
    }
    sent = true;
    if (readers.isEmpty()) {
      return;
    }
    jdbc.execute(
        sql.toString(),
        (PreparedStatement ps) -> {
          if (planEachRun) {
            ps.unwrap(PGStatement.class).setPrepareThreshold(0); // never server-prepared
          }
          for (int i = 0; i < setters.size(); i++) {
            setters.get(i).set(ps, i + 1);
          }
          boolean rows = ps.execute();
          for (Reader r : readers) {
            if (rows != (r.rows() != null)) {
              throw new IllegalStateException(
                  "expected " + (rows ? "a row count" : "rows") + " from: " + r.sql());
            }
            if (rows) {
              try (ResultSet rs = ps.getResultSet()) {
                r.rows().read(rs);
              }
            } else {
              int changed = ps.getUpdateCount();
              if (changed < 0) {
                throw new IllegalStateException("no answer from: " + r.sql());
              }
              r.changed().accept(changed);
            }
            rows = ps.getMoreResults();
          }
          return null;
        });
  }

  /** Appends each parameter's setter, numbered across the whole round trip. */
  private final class Bound implements Parameters {
    @Override
    public Parameters array(String type, Collection<?> values) {
      Object[] copy = values.toArray();
      setters.add((ps, i) -> ps.setArray(i, ps.getConnection().createArrayOf(type, copy)));
      return this;
    }

    @Override
    public Parameters string(String value) {
      setters.add((ps, i) -> ps.setString(i, value));
      return this;
    }

    @Override
    public Parameters object(Object value, int sqlType) {
      setters.add((ps, i) -> ps.setObject(i, value, sqlType));
      return this;
    }
  }
}
