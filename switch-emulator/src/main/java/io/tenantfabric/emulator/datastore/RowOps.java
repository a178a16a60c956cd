package io.tenantfabric.emulator.datastore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Comware's row-level edit semantics (comware-facts.md §2.4) with value, presence and reference
 * checks; shared by edit-config and the CLI channel.
 */
public final class RowOps {
  private static final Set<String> ETHERNET_ONLY_ENCAPS = Set.of("1", "2", "3");

  private RowOps() {}

  /** Normalises raw column text by the table's column specs (unknown keys are a caller bug). */
  public static Map<String, String> normalise(TableSpec t, Map<String, String> raw, String path)
      throws RpcException {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : raw.entrySet()) {
      ColumnSpec c =
          t.column(e.getKey()).orElseThrow(() -> new IllegalArgumentException(e.getKey()));
      out.put(e.getKey(), c.normalise(e.getValue(), path));
    }
    return out;
  }

  /**
   * Applies {@code op} with the given (already normalised) columns to {@code ds}; for remove and
   * delete, non-index keys name the columns to reset (their values are ignored).
   */
  public static void apply(
      Datastore ds, TableSpec t, EditOperation op, Map<String, String> given, String path)
      throws RpcException {
    List<String> key = new ArrayList<>();
    for (String i : t.index()) {
      String v = given.get(i);
      if (v == null) {
        throw new RpcException(
            NetconfError.application("missing-element", "The index element '" + i + "' is missing.")
                .withPath(path)
                .withInfo("bad-element", i));
      }
      key.add(v);
    }
    Optional<Row> existing = ds.row(t, key);
    switch (op) {
      case NONE -> {}
      case MERGE -> merge(ds, t, existing, given, path);
      case CREATE -> create(ds, t, existing, given, path);
      case REPLACE -> replace(ds, t, existing, given, path);
      case REMOVE, DELETE -> {
        if (existing.isPresent()) {
          remove(ds, t, key, existing.get(), given, path);
        } else if (op == EditOperation.DELETE) {
          throw new RpcException(
              NetconfError.application(
                      "data-missing", "The specified " + t.label() + " does not exist.")
                  .withPath(path));
        } // remove of a missing row: nothing to do
      }
      default -> throw new IllegalStateException(op.name());
    }
  }

  /** The given columns over the row's own, created (with its defaults) when missing. */
  private static void merge(
      Datastore ds, TableSpec t, Optional<Row> existing, Map<String, String> given, String path)
      throws RpcException {
    Row row;
    if (existing.isPresent()) {
      row = existing.get().copy();
    } else {
      requireCreatable(t, given, path);
      row = fresh(t);
    }
    writeColumns(t, row, existing, given, path);
    store(ds, t, row, path);
  }

  /** A new row: data-exists when the key is taken. */
  private static void create(
      Datastore ds, TableSpec t, Optional<Row> existing, Map<String, String> given, String path)
      throws RpcException {
    if (existing.isPresent()) {
      throw new RpcException(
          NetconfError.application("data-exists", "The specified " + t.label() + " already exists.")
              .withPath(path));
    }
    requireCreatable(t, given, path);
    Row row = fresh(t);
    writeColumns(t, row, existing, given, path);
    store(ds, t, row, path);
  }

  /** The row as given over its defaults; read-only columns of an existing row survive. */
  private static void replace(
      Datastore ds, TableSpec t, Optional<Row> existing, Map<String, String> given, String path)
      throws RpcException {
    if (existing.isEmpty()) {
      requireCreatable(t, given, path);
    }
    Row row = fresh(t);
    existing.ifPresent(old -> keepReadOnly(t, old, row));
    writeColumns(t, row, existing, given, path);
    store(ds, t, row, path);
  }

  /**
   * Removes an existing row when only its key is given (and the table's rows can go: creatable, not
   * a singleton, nothing refers to it); otherwise resets the given non-index columns, or every
   * writable column when none is given, to its default (or absence).
   */
  private static void remove(
      Datastore ds,
      TableSpec t,
      List<String> key,
      Row existing,
      Map<String, String> given,
      String path)
      throws RpcException {
    List<String> resets = new ArrayList<>();
    for (String k : given.keySet()) {
      if (!t.index().contains(k)) {
        resets.add(k);
      }
    }
    if (resets.isEmpty() && t.creatable() && !t.singleton()) {
      requireUnreferenced(ds, t, existing, path);
      ds.remove(t, key);
      return;
    }
    Row row = existing.copy();
    List<String> cols = resets;
    if (cols.isEmpty()) {
      cols = new ArrayList<>();
      for (ColumnSpec c : t.columns()) {
        if (!c.readOnly() && !c.isState() && !t.index().contains(c.key())) {
          cols.add(c.key());
        }
      }
    }
    for (String k : cols) {
      ColumnSpec c = t.column(k).orElseThrow();
      if (c.defaultValue() != null) {
        row.put(k, c.defaultValue());
      } else {
        row.remove(k);
      }
    }
    store(ds, t, row, path);
  }

  private static Row fresh(TableSpec t) {
    Row row = new Row();
    for (ColumnSpec c : t.columns()) {
      if (c.defaultValue() != null) {
        row.put(c.key(), c.defaultValue());
      }
    }
    return row;
  }

  private static void keepReadOnly(TableSpec t, Row old, Row row) {
    for (ColumnSpec c : t.columns()) {
      if (c.readOnly() && old.has(c.key())) {
        row.put(c.key(), old.get(c.key()));
      }
    }
  }

  private static void requireCreatable(TableSpec t, Map<String, String> given, String path)
      throws RpcException {
    if (!t.creatable()) {
      throw new RpcException(
          NetconfError.application(
                  "invalid-value",
                  "The specified " + t.label() + " " + given.values() + " does not exist.")
              .withPath(path));
    }
  }

  private static void writeColumns(
      TableSpec t, Row row, Optional<Row> existing, Map<String, String> given, String path)
      throws RpcException {
    for (Map.Entry<String, String> e : given.entrySet()) {
      ColumnSpec c = t.column(e.getKey()).orElseThrow();
      if (c.readOnly()) {
        String old = existing.map(r -> r.get(c.key())).orElse(null);
        if (!e.getValue().equals(old)) {
          throw new RpcException(
              NetconfError.application(
                      "invalid-value", "The element '" + c.name() + "' is read-only.")
                  .withPath(path)
                  .withInfo("bad-element", c.name()));
        }
        continue;
      }
      row.put(e.getKey(), e.getValue());
    }
  }

  /** Checks presence and references of {@code row} and puts it. */
  private static void store(Datastore ds, TableSpec t, Row row, String path) throws RpcException {
    for (ColumnSpec c : t.columns()) {
      if (c.required() && !row.has(c.key())) {
        throw new RpcException(
            NetconfError.application(
                    "missing-element", "The element '" + c.name() + "' is required.")
                .withPath(path)
                .withInfo("bad-element", c.name()));
      }
    }
    Schema s = ds.schema();
    for (Reference r : s.outgoing(t)) {
      if (!r.appliesTo(row)) {
        continue;
      }
      TableSpec target = s.table(r.to());
      List<String> key = new ArrayList<>();
      for (String i : target.index()) {
        key.add(r.valueFor(i, row));
      }
      if (ds.row(target, key).isEmpty()) {
        throw new RpcException(
            NetconfError.application(
                    "data-missing",
                    "The specified " + r.what() + " " + String.join(",", key) + " does not exist.")
                .withPath(path));
      }
    }
    if (t.id().equals(ComwareSchema.VXLAN)) {
      for (Row other : ds.rows(t)) {
        if (!other.get("VxlanID").equals(row.get("VxlanID"))
            && other.get("VsiName").equals(row.get("VsiName"))) {
          throw new RpcException(
              NetconfError.application(
                      "operation-failed",
                      "The VSI "
                          + row.get("VsiName")
                          + " is already bound to VXLAN "
                          + other.get("VxlanID")
                          + ".")
                  .withPath(path));
        }
      }
    }
    if (t.id().equals(ComwareSchema.AC)) {
      TableSpec srv = s.table(ComwareSchema.SRV);
      ds.row(srv, List.of(row.get("IfIndex"), row.get("SrvID")))
          .map(r -> r.get("Encap"))
          .filter(ETHERNET_ONLY_ENCAPS::contains)
          // comware-facts.md §3.2: with default/tagged/untagged the access mode is Ethernet.
          .ifPresent(e -> row.put("AccessMode", "2"));
    }
    if (t.id().equals(ComwareSchema.ACL_RULE) && "65535".equals(row.get("RuleID"))) {
      row.put("RuleID", Integer.toString(nextRuleId(ds, t, row.get("GroupIndex"))));
    }
    ds.put(t, row);
  }

  private static int nextRuleId(Datastore ds, TableSpec t, String group) {
    int max = -1;
    for (Row r : ds.rows(t)) {
      if (group.equals(r.get("GroupIndex"))) {
        max = Math.max(max, Integer.parseInt(r.get("RuleID")));
      }
    }
    return max < 0 ? 0 : (max / 5 + 1) * 5;
  }

  private static void requireUnreferenced(Datastore ds, TableSpec t, Row row, String path)
      throws RpcException {
    Schema s = ds.schema();
    List<String> key = t.keyOf(row);
    for (Reference r : s.incoming(t)) {
      TableSpec from = s.table(r.from());
      for (Row other : ds.rows(from)) {
        if (!r.appliesTo(other)) {
          continue;
        }
        List<String> pointsTo = new ArrayList<>();
        for (String i : t.index()) {
          pointsTo.add(r.valueFor(i, other));
        }
        if (pointsTo.equals(key)) {
          throw new RpcException(
              NetconfError.application(
                      "operation-failed",
                      "The "
                          + t.label()
                          + " "
                          + String.join(",", key)
                          + " is in use by "
                          + from.label()
                          + " "
                          + String.join(",", from.keyOf(other))
                          + ".")
                  .withPath(path));
        }
      }
    }
  }
}
