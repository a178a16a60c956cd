package io.tenantfabric.emulator.datastore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Comware table: module, element path below the module down to the row element, index columns and
 * other columns. A singleton (e.g. {@code L2VPN/Base}) has no index and exactly one row.
 *
 * <p>Immutable, and equal by {@link #id()} alone: a {@link Schema} refuses two tables with one id.
 * Not a record: it keys the reader's selection, and a record would hash its lists of column records
 * on every read and rebuild the id string for each datastore lookup. The id, its hash and the
 * column lookups are computed once.
 */
public final class TableSpec {
  private final String module;
  private final List<String> path;
  private final List<String> index;
  private final List<ColumnSpec> columns;
  private final boolean creatable;
  private final String label;

  private final String id;
  private final Map<String, ColumnSpec> byKey = new HashMap<>();
  private final Map<String, ColumnSpec> topByName = new HashMap<>();
  private final Map<String, List<ColumnSpec>> byGroup; // in column order
  private final Set<String> groups;

  public TableSpec(
      String module,
      List<String> path,
      List<String> index,
      List<ColumnSpec> columns,
      boolean creatable,
      String label) {
    this.module = module;
    this.path = List.copyOf(path);
    this.index = List.copyOf(index);
    this.columns = List.copyOf(columns);
    this.creatable = creatable;
    this.label = label;
    this.id = module + "/" + String.join("/", this.path);
    Map<String, List<ColumnSpec>> grouped = new LinkedHashMap<>();
    for (ColumnSpec c : this.columns) {
      byKey.putIfAbsent(c.key(), c); // the first column wins, as the linear search did
      if (c.group() == null) {
        topByName.putIfAbsent(c.name(), c);
      } else {
        grouped.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c);
      }
    }
    grouped.replaceAll((g, cs) -> List.copyOf(cs));
    this.byGroup = Collections.unmodifiableMap(grouped);
    this.groups = Collections.unmodifiableSet(grouped.keySet());
  }

  public String module() {
    return module;
  }

  public List<String> path() {
    return path;
  }

  public List<String> index() {
    return index;
  }

  public List<ColumnSpec> columns() {
    return columns;
  }

  public boolean creatable() {
    return creatable;
  }

  public String label() {
    return label;
  }

  /** {@code Module/Container/Row}, the table's identity. */
  public String id() {
    return id;
  }

  public boolean singleton() {
    return index.isEmpty();
  }

  public String rowElement() {
    return path.get(path.size() - 1);
  }

  public Optional<ColumnSpec> column(String key) {
    return Optional.ofNullable(byKey.get(key));
  }

  /** Column by element name at top level of the row (not inside a group). */
  public Optional<ColumnSpec> topColumn(String name) {
    return Optional.ofNullable(topByName.get(name));
  }

  /** Group element names in column order (unmodifiable). */
  public Set<String> groups() {
    return groups;
  }

  /** The columns of {@code group} in column order (unmodifiable; empty for no such group). */
  public List<ColumnSpec> groupColumns(String group) {
    return byGroup.getOrDefault(group, List.of());
  }

  /** The index tuple of {@code row}. */
  public List<String> keyOf(Row row) {
    List<String> k = new ArrayList<>(index.size());
    for (String i : index) {
      k.add(row.get(i));
    }
    return k;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableSpec t && t.id.equals(id);
  }

  @Override
  public int hashCode() {
    return id.hashCode(); // cached by String
  }

  @Override
  public String toString() {
    return "TableSpec[" + id + "]";
  }
}
