package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.lifecycle.SwitchIdentity;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * Parses the reply to {@link LifecycleFilters#identity()}: {@code Device/Base/HostName}, {@code
 * LLDP/Inventory/SerialNum}, {@code ModelName} and {@code SoftwareRev} (the names of recorded
 * Comware 7 replies); a missing column reads as empty.
 */
final class IdentityReply {
  private IdentityReply() {}

  static SwitchIdentity parse(Element data) {
    Element top = TableXml.topOf(data);
    Optional<Element> base = TableXml.row(top, "Device", "Base");
    Optional<Element> inventory = TableXml.row(top, "LLDP", "Inventory");
    return new SwitchIdentity(
        base.flatMap(b -> TableXml.column(b, "HostName")).orElse(""),
        inventory.flatMap(i -> TableXml.column(i, "SerialNum")).orElse(""),
        inventory.flatMap(i -> TableXml.column(i, "ModelName")).orElse(""),
        inventory.flatMap(i -> TableXml.column(i, "SoftwareRev")).orElse(""));
  }
}
