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
 * The supported tables and the references between them. Table ids are unique (the constructor
 * refuses a duplicate), since a {@link TableSpec} is equal to another by id alone.
 */
public final class Schema {
  private final List<TableSpec> tables;
  private final List<Reference> references;
  private final Set<String> internalModules;
  // Lookups a read makes for each filter element, precomputed rather than scanned per call:
  // id -> table, module -> its tables in schema order, module -> path.
  private final Map<String, TableSpec> byId = new HashMap<>();
  private final Map<String, List<TableSpec>> byModule;
  private final Map<String, Map<List<String>, TableSpec>> byPath = new HashMap<>();

  public Schema(List<TableSpec> tables, List<Reference> references) {
    this(tables, references, Set.of());
  }

  /**
   * A schema whose {@code internalModules} hold what the emulator keeps for the CLI alone: stored,
   * saved and rendered by {@code display current-configuration}, but no NETCONF read or edit sees
   * them (their XML names would be invented).
   */
  public Schema(List<TableSpec> tables, List<Reference> references, Set<String> internalModules) {
    this.tables = List.copyOf(tables);
    this.references = List.copyOf(references);
    this.internalModules = Set.copyOf(internalModules);
    Map<String, List<TableSpec>> modules = new LinkedHashMap<>();
    for (TableSpec t : this.tables) {
      if (byId.put(t.id(), t) != null) {
        throw new IllegalArgumentException("two tables with id " + t.id());
      }
      modules.computeIfAbsent(t.module(), m -> new ArrayList<>()).add(t);
      byPath.computeIfAbsent(t.module(), m -> new HashMap<>()).putIfAbsent(t.path(), t);
    }
    modules.replaceAll((m, ts) -> List.copyOf(ts));
    this.byModule = Collections.unmodifiableMap(modules);
  }

  public List<TableSpec> tables() {
    return tables;
  }

  public List<Reference> references() {
    return references;
  }

  /** The table with id {@code Module/Container/Row}. */
  public TableSpec table(String id) {
    TableSpec t = byId.get(id);
    if (t == null) {
      throw new IllegalArgumentException("no table " + id);
    }
    return t;
  }

  /** Modules in the order their first table appears (unmodifiable). */
  public Set<String> modules() {
    return byModule.keySet();
  }

  public boolean hasModule(String module) {
    return byModule.containsKey(module);
  }

  /** True for a module NETCONF reads and edits may name: one the schema has, not internal. */
  public boolean exposes(String module) {
    return byModule.containsKey(module) && !internalModules.contains(module);
  }

  /** Tables of {@code module} in schema order (unmodifiable; empty for no such module). */
  public List<TableSpec> tablesOf(String module) {
    return byModule.getOrDefault(module, List.of());
  }

  /** Tables of {@code module} whose path starts with {@code prefix}. */
  public List<TableSpec> tablesUnder(String module, List<String> prefix) {
    List<TableSpec> out = new ArrayList<>();
    for (TableSpec t : tablesOf(module)) {
      if (t.path().size() >= prefix.size() && t.path().subList(0, prefix.size()).equals(prefix)) {
        out.add(t);
      }
    }
    return out;
  }

  /** The table whose full path equals {@code path} below {@code module}. */
  public Optional<TableSpec> tableAt(String module, List<String> path) {
    return Optional.ofNullable(byPath.getOrDefault(module, Map.of()).get(path));
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
