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
 * across breakout changes (comware-facts.md section 11.4).
 */
public record IfIndexMap(SortedMap<PortName, Integer> indexes) {

  public IfIndexMap {
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
    indexes = Collections.unmodifiableSortedMap(copy);
  }

  /** From plain pairs (tests, goldens). */
  public static IfIndexMap of(Map<PortName, Integer> pairs) {
    return new IfIndexMap(new TreeMap<>(pairs));
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
    return indexes.entrySet().stream()
        .filter(e -> e.getValue() == ifIndex)
        .map(Map.Entry::getKey)
        .findFirst();
  }

  public boolean contains(PortName port) {
    return indexes.containsKey(port);
  }
}
