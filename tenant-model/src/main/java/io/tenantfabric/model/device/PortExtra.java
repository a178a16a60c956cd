package io.tenantfabric.model.device;

import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Something a switch showed on a managed port that the intent never compiles there: a service
 * instance other than the port's binding (whatever its encapsulation, into any VSI or none), a
 * packet filter other than the port's inbound tenant ACL (either direction, any family), or a QoS
 * setting outside the lossless baseline. Only an observed port carries extras; a repair removes
 * them. Day-0 port attributes (MTU, LLDP, STP edge, flow-interval, link-delay, speed, breakout) are
 * never extras.
 */
public sealed interface PortExtra {

  /** A port's extras in a fixed order: service instances by id, packet filters, QoS settings. */
  Comparator<PortExtra> ORDER =
      Comparator.comparingInt(PortExtra::rank)
          .thenComparingInt(e -> e instanceof Service s ? s.srvId() : 0)
          .thenComparing(PortExtra::key);

  /** Names the extra on its port, unique there: {@code service-instance 2}, ... */
  String key();

  /** The tenant whose object the extra names ({@code t-x}, {@code t-x-in}), if any. */
  Optional<String> namedTenant();

  private int rank() {
    return this instanceof Service ? 0 : this instanceof PacketFilter ? 1 : 2;
  }

  /**
   * A service instance that is not the port's binding, cross-connected to {@code vsi} (any name,
   * including one the model has no VSI for) or to none.
   */
  record Service(int srvId, ServiceEncapsulation encapsulation, Optional<String> vsi)
      implements PortExtra {
    public Service {
      if (srvId < 1 || srvId > ServiceBinding.MAX_SRV_ID) {
        throw new InvalidDeviceConfigException(
            "service-instance " + srvId,
            "srv-id-range",
            "srvId must be 1.." + ServiceBinding.MAX_SRV_ID);
      }
      Objects.requireNonNull(encapsulation, "encapsulation");
      Objects.requireNonNull(vsi, "vsi");
      vsi.ifPresent(VsiConfig::requireVsiName);
    }

    @Override
    public String key() {
      return "service-instance " + srvId;
    }

    @Override
    public Optional<String> namedTenant() {
      return vsi.filter(v -> v.startsWith(VsiConfig.PREFIX)).map(VsiConfig::tenantOf);
    }
  }

  /** A packet filter applying ACL {@code acl} to the port's traffic in one direction. */
  record PacketFilter(String acl, Direction direction, Family family) implements PortExtra {
    /** Which way the filtered traffic flows through the port. */
    public enum Direction {
      INBOUND,
      OUTBOUND
    }

    /** What the filter's ACL matches on. */
    public enum Family {
      IPV4,
      IPV6,
      MAC,
      USER_DEFINED
    }

    public PacketFilter {
      Objects.requireNonNull(acl, "acl");
      Objects.requireNonNull(direction, "direction");
      Objects.requireNonNull(family, "family");
      if (acl.isEmpty()
          || acl.length() > AclConfig.MAX_NAME_LENGTH
          || !TextRules.isPrintable(acl)
          || acl.contains(" ")) {
        throw new InvalidDeviceConfigException(
            "packet-filter " + acl, "filter-acl", "ACL must be 1..63 printable, spaceless");
      }
    }

    @Override
    public String key() {
      return "packet-filter "
          + family.name().toLowerCase(Locale.ROOT)
          + " "
          + direction.name().toLowerCase(Locale.ROOT)
          + " "
          + acl;
    }

    @Override
    public Optional<String> namedTenant() {
      return acl.startsWith(VsiConfig.PREFIX) && acl.endsWith(TENANT_ACL_SUFFIX)
          ? Optional.of(acl.substring(2, acl.length() - TENANT_ACL_SUFFIX.length()))
          : Optional.empty();
    }

    /** True for an IPv4 filter applied outbound. */
    public boolean isOutboundIpv4() {
      return direction == Direction.OUTBOUND && family == Family.IPV4;
    }

    private static final String TENANT_ACL_SUFFIX = "-in";
  }

  /** A QoS setting on the port outside the lossless baseline, in the words the parser met. */
  record Qos(String text) implements PortExtra {
    public Qos {
      Objects.requireNonNull(text, "text");
      if (text.isEmpty()
          || text.length() > 255
          || !TextRules.isPrintable(text)
          || !text.equals(text.strip())) {
        throw new InvalidDeviceConfigException(
            "qos " + text, "qos-text", "at most 255 printable characters, no edge spaces");
      }
    }

    @Override
    public String key() {
      return text;
    }

    @Override
    public Optional<String> namedTenant() {
      return Optional.empty();
    }
  }
}
