package io.tenantfabric.model.device;

import io.tenantfabric.model.topology.PortName;
import java.util.Objects;
import java.util.Optional;

/**
 * The managed state of one GPU downlink port: admin state, description (empty for none), at most
 * one service binding into a VSI, and an optional inbound packet-filter ACL.
 */
public record PortConfig(
    PortName port,
    boolean adminUp,
    String description,
    Optional<ServiceBinding> binding,
    Optional<String> inboundAcl) {
  /** Comware interface descriptions are at most 255 characters. */
  public static final int MAX_DESCRIPTION_LENGTH = 255;

  public PortConfig {
    Objects.requireNonNull(port, "port");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(binding, "binding");
    Objects.requireNonNull(inboundAcl, "inboundAcl");
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
  }

  /** A free port: shut down, no description, no binding, no filter. */
  public static PortConfig scrubbed(PortName port) {
    return new PortConfig(port, false, "", Optional.empty(), Optional.empty());
  }
}
