package io.tenantfabric.controller.cabling;

import io.tenantfabric.model.topology.PortName;
import java.util.Comparator;
import java.util.Optional;

/**
 * A switch port, ordered as the cabling list pages it: by switch name, then by the switch's port
 * order (a name outside the model's, from an unplanned port, after those, alphabetically).
 */
record PortKey(String switchName, String port) implements Comparable<PortKey> {

  private static final Comparator<String> PORTS =
      Comparator.comparing(
              (String p) -> modelPort(p).orElse(null),
              Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Comparator.naturalOrder());

  private static final Comparator<PortKey> ORDER =
      Comparator.comparing(PortKey::switchName).thenComparing(PortKey::port, PORTS);

  @Override
  public int compareTo(PortKey other) {
    return ORDER.compare(this, other);
  }

  private static Optional<PortName> modelPort(String name) {
    try {
      return Optional.of(new PortName(name));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
