package io.tenantfabric.model.lifecycle;

import java.util.Optional;

/**
 * Whether a switch is the box its inventory entry names: when the inventory pins a serial number,
 * the switch must report exactly that one (case and surrounding blanks aside); an unpinned entry
 * accepts any.
 */
public final class SerialNumberCheck {

  private SerialNumberCheck() {}

  /** The gap when {@code identity} is not the box {@code pinned} names; empty when it is. */
  public static Optional<Day0Gap> gap(SwitchIdentity identity, Optional<String> pinned) {
    if (pinned.isEmpty() || pinned.get().strip().equalsIgnoreCase(identity.serialNumber())) {
      return Optional.empty();
    }
    String reported =
        identity.serialNumber().isEmpty()
            ? "the switch reports no serial number"
            : "the switch reports serial number '" + identity.serialNumber() + "'";
    return Optional.of(
        new Day0Gap(
            Day0Item.SERIAL_NUMBER,
            reported
                + ", the inventory pins '"
                + pinned.get().strip()
                + "': another box, or a wrong inventory entry"));
  }
}
