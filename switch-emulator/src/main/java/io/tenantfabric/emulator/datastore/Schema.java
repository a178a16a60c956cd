package io.tenantfabric.emulator.datastore;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The supported tables and the references between them. */
public final class Schema {
  private final List<TableSpec> tables;
  private final List<Reference> references;

  public Schema(List<TableSpec> tables, List<Reference> references) {
    this.tables = List.copyOf(tables);
    this.references = List.copyOf(references);
  }

  public List<TableSpec> tables() {
    return tables;
  }

  public List<Reference> references() {
    return references;
  }

  /** The table with id {@code Module/Container/Row}. */
  public TableSpec table(String id) {
    for (TableSpec t : tables) {
      if (t.id().equals(id)) {
        return t;
      }
    }
    throw new IllegalArgumentException("no table " + id);
  }

  public Set<String> modules() {
    Set<String> m = new LinkedHashSet<>();
    for (TableSpec t : tables) {
      m.add(t.module());
    }
    return m;
  }

  public boolean hasModule(String module) {
    return modules().contains(module);
  }

  /** Tables of {@code module} whose path starts with {@code prefix}. */
  public List<TableSpec> tablesUnder(String module, List<String> prefix) {
    List<TableSpec> out = new ArrayList<>();
    for (TableSpec t : tables) {
      if (t.module().equals(module)
          && t.path().size() >= prefix.size()
          && t.path().subList(0, prefix.size()).equals(prefix)) {
        out.add(t);
      }
    }
    return out;
  }

  /** The table whose full path equals {@code path} below {@code module}. */
  public Optional<TableSpec> tableAt(String module, List<String> path) {
    for (TableSpec t : tables) {
      if (t.module().equals(module) && t.path().equals(path)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  /** References whose source table is {@code t}. */
  public List<Reference> outgoing(TableSpec t) {
    List<Reference> out = new ArrayList<>();
    for (Reference r : references) {
      if (r.from().equals(t.id())) {
        out.add(r);
      }
    }
    return out;
  }

  /** References whose target table is {@code t}. */
  public List<Reference> incoming(TableSpec t) {
    List<Reference> out = new ArrayList<>();
    for (Reference r : references) {
      if (r.to().equals(t.id())) {
        out.add(r);
      }
    }
    return out;
  }
}
