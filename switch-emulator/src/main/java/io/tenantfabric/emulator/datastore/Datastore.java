package io.tenantfabric.emulator.datastore;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A configuration datastore: one ordered map of rows per table, keyed by index tuple. */
public final class Datastore {
  private final Schema schema;
  private final Map<String, TreeMap<List<String>, Row>> tables;

  public Datastore(Schema schema) {
    this.schema = schema;
    this.tables = new HashMap<>();
  }

  private Datastore(Schema schema, Map<String, TreeMap<List<String>, Row>> tables) {
    this.schema = schema;
    this.tables = tables;
  }

  public Schema schema() {
    return schema;
  }

  /** A deep copy (rows are copied, so edits to the copy never touch this store). */
  public Datastore copy() {
    Map<String, TreeMap<List<String>, Row>> c = new HashMap<>();
    for (Map.Entry<String, TreeMap<List<String>, Row>> e : tables.entrySet()) {
      if (e.getValue().isEmpty()) {
        continue;
      }
      TreeMap<List<String>, Row> t = new TreeMap<>(RowKeys.ORDER);
      for (Map.Entry<List<String>, Row> r : e.getValue().entrySet()) {
        t.put(r.getKey(), r.getValue().copy());
      }
      c.put(e.getKey(), t);
    }
    return new Datastore(schema, c);
  }

  public Optional<Row> row(TableSpec t, List<String> key) {
    TreeMap<List<String>, Row> m = tables.get(t.id());
    return m == null ? Optional.empty() : Optional.ofNullable(m.get(key));
  }

  /** Rows in index order (a live view; do not modify while iterating). */
  public Collection<Row> rows(TableSpec t) {
    TreeMap<List<String>, Row> m = tables.get(t.id());
    return m == null ? List.of() : m.values();
  }

  /** Rows whose index is strictly after {@code start} (get-bulk paging). */
  public List<Row> rowsAfter(TableSpec t, List<String> start) {
    TreeMap<List<String>, Row> m = tables.get(t.id());
    return m == null ? List.of() : new ArrayList<>(m.tailMap(start, false).values());
  }

  public void put(TableSpec t, Row row) {
    tables.computeIfAbsent(t.id(), k -> new TreeMap<>(RowKeys.ORDER)).put(t.keyOf(row), row);
  }

  public void remove(TableSpec t, List<String> key) {
    TreeMap<List<String>, Row> m = tables.get(t.id());
    if (m != null) {
      m.remove(key);
    }
  }

  /** Replaces this store's content with {@code other}'s (for rollbacks). */
  public void restoreFrom(Datastore other) {
    tables.clear();
    tables.putAll(other.copy().tables);
  }

  /** First row of {@code t} whose column {@code key} equals {@code value}. */
  public Optional<Row> find(TableSpec t, String key, String value) {
    for (Row r : rows(t)) {
      if (value.equals(r.get(key))) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Datastore d)) {
      return false;
    }
    return nonEmpty().equals(d.nonEmpty());
  }

  @Override
  public int hashCode() {
    return nonEmpty().hashCode();
  }

  private Map<String, TreeMap<List<String>, Row>> nonEmpty() {
    Map<String, TreeMap<List<String>, Row>> m = new HashMap<>();
    tables.forEach(
        (k, v) -> {
          if (!v.isEmpty()) {
            m.put(k, v);
          }
        });
    return m;
  }
}
