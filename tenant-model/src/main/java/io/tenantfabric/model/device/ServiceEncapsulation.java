package io.tenantfabric.model.device;

import java.util.Objects;

/**
 * Which frames of its port a service instance takes, vendor-neutral: all of them ({@code DEFAULT}),
 * untagged ones, tagged ones, those of service VLANs (optionally only tagged ones, or with customer
 * VLANs inside: QinQ), those of customer VLANs, or a match the parser could not read ({@code
 * UNREADABLE}, with the words it met). VLAN lists are kept as the switch wrote them; empty where
 * the kind has none. The isolation verifier never narrows by it: a service instance of any
 * encapsulation joins its port to its VSI.
 */
public record ServiceEncapsulation(
    Kind kind, String serviceVlans, String customerVlans, String unreadable) {

  /** The kinds of match a switch offers. */
  public enum Kind {
    DEFAULT,
    UNTAGGED,
    TAGGED,
    SERVICE_VLAN,
    SERVICE_VLAN_ONLY_TAGGED,
    QINQ,
    CUSTOMER_VLAN,
    UNREADABLE
  }

  public ServiceEncapsulation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(serviceVlans, "serviceVlans");
    Objects.requireNonNull(customerVlans, "customerVlans");
    Objects.requireNonNull(unreadable, "unreadable");
    for (String text : new String[] {serviceVlans, customerVlans, unreadable}) {
      if (!TextRules.isPrintable(text) || text.length() > 255) {
        throw new InvalidDeviceConfigException(
            "encapsulation " + kind, "encapsulation-text", "at most 255 printable characters");
      }
    }
    boolean needsService =
        kind == Kind.SERVICE_VLAN || kind == Kind.SERVICE_VLAN_ONLY_TAGGED || kind == Kind.QINQ;
    boolean needsCustomer = kind == Kind.QINQ || kind == Kind.CUSTOMER_VLAN;
    if (needsService == serviceVlans.isEmpty()
        || needsCustomer == customerVlans.isEmpty()
        || (kind == Kind.UNREADABLE) == unreadable.isEmpty()) {
      throw new InvalidDeviceConfigException(
          "encapsulation " + kind,
          "encapsulation-fields",
          "service VLANs, customer VLANs and unreadable text must be given exactly where the kind"
              + " has them");
    }
  }

  /** Untagged frames: the form the compiler binds a GPU port with. */
  public static ServiceEncapsulation untagged() {
    return of(Kind.UNTAGGED);
  }

  /** A kind without VLANs: {@code DEFAULT}, {@code UNTAGGED} or {@code TAGGED}. */
  public static ServiceEncapsulation of(Kind kind) {
    return new ServiceEncapsulation(kind, "", "", "");
  }

  /** Frames of service VLANs {@code vlans} (only tagged ones when {@code onlyTagged}). */
  public static ServiceEncapsulation serviceVlan(String vlans, boolean onlyTagged) {
    return new ServiceEncapsulation(
        onlyTagged ? Kind.SERVICE_VLAN_ONLY_TAGGED : Kind.SERVICE_VLAN, vlans, "", "");
  }

  /** QinQ: service VLANs {@code service} carrying customer VLANs {@code customer}. */
  public static ServiceEncapsulation qinq(String service, String customer) {
    return new ServiceEncapsulation(Kind.QINQ, service, customer, "");
  }

  /** Frames of customer VLANs {@code vlans}. */
  public static ServiceEncapsulation customerVlan(String vlans) {
    return new ServiceEncapsulation(Kind.CUSTOMER_VLAN, "", vlans, "");
  }

  /** A match the parser could not read, with the words it met. */
  public static ServiceEncapsulation unreadable(String seen) {
    return new ServiceEncapsulation(Kind.UNREADABLE, "", "", seen);
  }
}
