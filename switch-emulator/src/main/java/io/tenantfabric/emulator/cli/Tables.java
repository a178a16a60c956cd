package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.INTERFACES;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.RowOps;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.datastore.TableSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The datastore as CLI commands edit it, by table id, with edit errors as CLI messages. */
final class Tables {
  private final Datastore ds;

  Tables(Datastore ds) {
    this.ds = ds;
  }

  Datastore datastore() {
    return ds;
  }

  TableSpec table(String id) {
    return ds.schema().table(id);
  }

  Optional<Row> row(String tableId, List<String> key) {
    return ds.row(table(tableId), key);
  }

  /** Every row of a table, in key order. */
  Collection<Row> rows(String tableId) {
    return ds.rows(table(tableId));
  }

  boolean exists(String tableId, List<String> key) {
    return row(tableId, key).isPresent();
  }

  boolean hasRows(String tableId, String column, String value) {
    return ds.find(table(tableId), column, value).isPresent();
  }

  void remove(String tableId, List<String> key) {
    ds.remove(table(tableId), key);
  }

  void removeWhere(String tableId, String column, String value) {
    TableSpec t = table(tableId);
    for (Row r : new ArrayList<>(ds.rows(t))) {
      if (value.equals(r.get(column))) {
        ds.remove(t, t.keyOf(r));
      }
    }
  }

  /** Applies an edit as NETCONF would; on REMOVE and DELETE every non-key column is reset. */
  void put(String tableId, EditOperation op, Map<String, String> raw) throws CliError {
    TableSpec t = table(tableId);
    try {
      Map<String, String> values = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : raw.entrySet()) {
        boolean reset =
            (op == EditOperation.REMOVE || op == EditOperation.DELETE)
                && !t.index().contains(e.getKey());
        values.put(e.getKey(), reset ? "" : e.getValue());
      }
      Map<String, String> normal = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : values.entrySet()) {
        if (e.getValue().isEmpty()) {
          normal.put(e.getKey(), "");
        } else {
          normal.putAll(RowOps.normalise(t, Map.of(e.getKey(), e.getValue()), "cli"));
        }
      }
      RowOps.apply(ds, t, op, normal, "cli");
    } catch (RpcException e) {
      throw CliError.message(e.errors().get(0).message());
    }
  }

  /** The IfIndex of an interface named in full, abbreviated, or any letter case. */
  Optional<String> interfaceIndex(String name) {
    for (Row r : ds.rows(table(INTERFACES))) {
      String full = r.get("Name");
      if (full.equalsIgnoreCase(name) || CliInterpreter.abbreviate(full).equalsIgnoreCase(name)) {
        return Optional.of(r.get("IfIndex"));
      }
    }
    return Optional.empty();
  }
}
