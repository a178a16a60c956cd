package io.tenantfabric.emulator.datastore;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A configuration datastore: one ordered map of rows per table, keyed by index tuple. Copies are
 * copy-on-write: a copy shares every table with its source, and whichever side changes a table
 * first replaces it with its own copy of the map; rows are frozen once stored, so they are shared
 * too. An edit, a save-point and a commit each copy the store, so deep copies of a whole leaf would
 * dominate the emulator's CPU.
 */
public final class Datastore {
  private final Schema schema;
  private final Map<String, TreeMap<List<String>, Row>> tables;
  private final Set<String> owned; // tables this store may change in place (shared with no copy)

  public Datastore(Schema schema) {
    this(schema, new HashMap<>());
  }

  private Datastore(Schema schema, Map<String, TreeMap<List<String>, Row>> tables) {
    this.schema = schema;
    this.tables = tables;
    this.owned = new HashSet<>();
  }

  public Schema schema() {
    return schema;
  }

  /** A copy that shares this store's tables until either side changes one. */
  public Datastore copy() {
    Map<String, TreeMap<List<String>, Row>> shared = new HashMap<>();
    tables.forEach(
        (id, rows) -> {
          if (!rows.isEmpty()) {
            shared.put(id, rows);
          }
        });
    owned.clear(); // from now on this store copies a table before changing it, as the copy does
    return new Datastore(schema, shared);
  }

  /** The table, this store's own copy of it if it was shared. */
  private TreeMap<List<String>, Row> writable(String id) {
    TreeMap<List<String>, Row> rows = tables.get(id);
    if (rows == null) {
      rows = new TreeMap<>(RowKeys.ORDER);
    } else if (owned.contains(id)) {
      return rows;
    } else {
      rows = new TreeMap<>(rows);
    }
    tables.put(id, rows);
    owned.add(id);
    return rows;
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

  /** Stores {@code row}, which is frozen from now on (change a {@link Row#copy()} instead). */
  public void put(TableSpec t, Row row) {
    row.freeze();
    writable(t.id()).put(t.keyOf(row), row);
  }

  public void remove(TableSpec t, List<String> key) {
    TreeMap<List<String>, Row> m = tables.get(t.id());
    if (m != null && m.containsKey(key)) {
      writable(t.id()).remove(key);
    }
  }

  /** Replaces this store's content with {@code other}'s (for rollbacks). */
  public void restoreFrom(Datastore other) {
    tables.clear();
    owned.clear();
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
