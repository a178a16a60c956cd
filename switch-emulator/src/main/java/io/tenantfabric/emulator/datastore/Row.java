package io.tenantfabric.emulator.datastore;

import java.util.HashMap;
import java.util.Map;

/** One row: column key to normalised text (grouped columns under {@code group/name}). */
public final class Row {
  private final Map<String, String> values;

  public Row() {
    this.values = new HashMap<>(8);
  }

  private Row(Map<String, String> values) {
    this.values = new HashMap<>(values);
  }

  public String get(String key) {
    return values.get(key);
  }

  public void put(String key, String value) {
    values.put(key, value);
  }

  public void remove(String key) {
    values.remove(key);
  }

  public boolean has(String key) {
    return values.containsKey(key);
  }

  public Map<String, String> asMap() {
    return java.util.Collections.unmodifiableMap(values);
  }

  public Row copy() {
    return new Row(values);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row r && r.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
