package io.tenantfabric.emulator.datastore;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A Comware table: module, element path below the module down to the row element, index columns and
 * other columns. A singleton (e.g. {@code L2VPN/Base}) has no index and exactly one row.
 */
public record TableSpec(
    String module,
    List<String> path,
    List<String> index,
    List<ColumnSpec> columns,
    boolean creatable,
    String label) {

  public TableSpec {
    path = List.copyOf(path);
    index = List.copyOf(index);
    columns = List.copyOf(columns);
  }

  /** {@code Module/Container/Row}, the table's identity. */
  public String id() {
    return module + "/" + String.join("/", path);
  }

  public boolean singleton() {
    return index.isEmpty();
  }

  public String rowElement() {
    return path.get(path.size() - 1);
  }

  public Optional<ColumnSpec> column(String key) {
    for (ColumnSpec c : columns) {
      if (c.key().equals(key)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /** Column by element name at top level of the row (not inside a group). */
  public Optional<ColumnSpec> topColumn(String name) {
    for (ColumnSpec c : columns) {
      if (c.group() == null && c.name().equals(name)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  public Set<String> groups() {
    Set<String> g = new LinkedHashSet<>();
    for (ColumnSpec c : columns) {
      if (c.group() != null) {
        g.add(c.group());
      }
    }
    return g;
  }

  public List<ColumnSpec> groupColumns(String group) {
    List<ColumnSpec> out = new ArrayList<>();
    for (ColumnSpec c : columns) {
      if (group.equals(c.group())) {
        out.add(c);
      }
    }
    return out;
  }

  /** The index tuple of {@code row}. */
  public List<String> keyOf(Row row) {
    List<String> k = new ArrayList<>(index.size());
    for (String i : index) {
      k.add(row.get(i));
    }
    return k;
  }
}
