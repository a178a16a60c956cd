package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.topology.PortName;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Port name to Comware IfIndex as resolved from one switch in one transaction; never cache it
 * across breakout changes (comware-facts.md section 11.4). Holds the reverse map too: every row of
 * a read-back names its port by IfIndex, so a lookup per row replaces a scan of the ports
 * (docs/perf/allocate-8-traced.md).
 */
public final class IfIndexMap {

  private final SortedMap<PortName, Integer> indexes;
  private final Map<Integer, PortName> ports;

  public IfIndexMap(SortedMap<PortName, Integer> indexes) {
    Objects.requireNonNull(indexes, "indexes");
    TreeMap<PortName, Integer> copy = new TreeMap<>(PortOrder.NATURAL);
    Map<Integer, PortName> seen = new HashMap<>();
    for (Map.Entry<PortName, Integer> e : indexes.entrySet()) {
      if (e.getValue() == null || e.getValue() < 1) {
        throw new IllegalArgumentException("IfIndex of " + e.getKey().value() + " must be >= 1");
      }
      PortName other = seen.putIfAbsent(e.getValue(), e.getKey());
      if (other != null) {
        throw new IllegalArgumentException(
            "IfIndex "
                + e.getValue()
                + " given to both "
                + other.value()
                + " and "
                + e.getKey().value());
      }
      copy.put(e.getKey(), e.getValue());
    }
    this.indexes = Collections.unmodifiableSortedMap(copy);
    this.ports = seen;
  }

  /** From plain pairs (tests, goldens). */
  public static IfIndexMap of(Map<PortName, Integer> pairs) {
    return new IfIndexMap(new TreeMap<>(pairs));
  }

  /** Every resolved port and its IfIndex, in port order. */
  public SortedMap<PortName, Integer> indexes() {
    return indexes;
  }

  /** The IfIndex of a port; throws UnknownPortException if the switch did not report it. */
  public int indexOf(PortName port) {
    Integer i = indexes.get(port);
    if (i == null) {
      throw new UnknownPortException(port);
    }
    return i;
  }

  /** The port that carries an IfIndex, if it is one this map knows. */
  public Optional<PortName> portOf(int ifIndex) {
    return Optional.ofNullable(ports.get(ifIndex));
  }

  public boolean contains(PortName port) {
    return indexes.containsKey(port);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IfIndexMap m && m.indexes.equals(indexes);
  }

  @Override
  public int hashCode() {
    return indexes.hashCode();
  }

  @Override
  public String toString() {
    return "IfIndexMap" + indexes;
  }
}
