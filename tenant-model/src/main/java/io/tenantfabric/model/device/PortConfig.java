package io.tenantfabric.model.device;

import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The managed state of one GPU downlink port: admin state, description (empty for none), at most
 * one service binding into a VSI, an optional inbound packet-filter ACL, and, on a port as a switch
 * showed it, the {@link PortExtra extras} found there (sorted by {@link PortExtra#ORDER}, one per
 * key); the compiler's ports never have any.
 */
public record PortConfig(
    PortName port,
    boolean adminUp,
    String description,
    Optional<ServiceBinding> binding,
    Optional<String> inboundAcl,
    List<PortExtra> extras) {
  /** Comware interface descriptions are at most 255 characters. */
  public static final int MAX_DESCRIPTION_LENGTH = 255;

  public PortConfig {
    Objects.requireNonNull(port, "port");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(binding, "binding");
    Objects.requireNonNull(inboundAcl, "inboundAcl");
    Objects.requireNonNull(extras, "extras");
    if (description.length() > MAX_DESCRIPTION_LENGTH
        || !TextRules.isPrintable(description)
        || !description.equals(description.strip())) {
      throw new InvalidDeviceConfigException(
          port.value(),
          "port-description",
          "description must be at most "
              + MAX_DESCRIPTION_LENGTH
              + " printable characters without leading or trailing spaces");
    }
    inboundAcl.ifPresent(AclConfig::requireAclName);
    extras = sortedExtras(port, binding, extras);
  }

  /** A port without extras: what the compiler makes and a belief holds. */
  public PortConfig(
      PortName port,
      boolean adminUp,
      String description,
      Optional<ServiceBinding> binding,
      Optional<String> inboundAcl) {
    this(port, adminUp, description, binding, inboundAcl, List.of());
  }

  /** A free port: shut down, no description, no binding, no filter. */
  public static PortConfig scrubbed(PortName port) {
    return new PortConfig(port, false, "", Optional.empty(), Optional.empty());
  }

  /** The same port without its extras: the part the intent speaks about. */
  public PortConfig withoutExtras() {
    return extras.isEmpty()
        ? this
        : new PortConfig(port, adminUp, description, binding, inboundAcl);
  }

  /** The same port carrying {@code more} as its extras. */
  public PortConfig withExtras(List<PortExtra> more) {
    return new PortConfig(port, adminUp, description, binding, inboundAcl, more);
  }

  // the record's own form, extras only when there are some: what a verification failure prints
  @Override
  public String toString() {
    return "PortConfig[port="
        + port
        + ", adminUp="
        + adminUp
        + ", description="
        + description
        + ", binding="
        + binding
        + ", inboundAcl="
        + inboundAcl
        + (extras.isEmpty() ? "" : ", extras=" + extras)
        + "]";
  }

  private static List<PortExtra> sortedExtras(
      PortName port, Optional<ServiceBinding> binding, List<PortExtra> extras) {
    if (extras.isEmpty()) {
      return List.of();
    }
    List<PortExtra> sorted = new ArrayList<>(extras);
    sorted.sort(PortExtra.ORDER);
    Set<String> keys = new HashSet<>();
    binding.ifPresent(b -> keys.add("service-instance " + b.srvId()));
    for (PortExtra e : sorted) {
      if (!keys.add(e.key())) {
        throw new InvalidDeviceConfigException(
            port.value() + " " + e.key(), "extra-unique", "shown twice on the port");
      }
    }
    return List.copyOf(sorted);
  }
}
