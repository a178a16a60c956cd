package io.tenantfabric.emulator.datastore;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * One row: column key to normalised text (grouped columns under {@code group/name}). Frozen once a
 * {@link Datastore} stores it, since copies of a store share their rows: change a {@link #copy()}.
 */
public final class Row {
  private final Map<String, String> values;
  private boolean frozen;

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
    requireUnfrozen();
    values.put(key, value);
  }

  public void remove(String key) {
    requireUnfrozen();
    values.remove(key);
  }

  void freeze() {
    frozen = true;
  }

  private void requireUnfrozen() {
    if (frozen) {
      throw new IllegalStateException("a stored row is shared by copies of its store: " + values);
    }
  }

  public boolean has(String key) {
    return values.containsKey(key);
  }

  public Map<String, String> asMap() {
    return Collections.unmodifiableMap(values);
  }

  /** An unfrozen copy. */
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
