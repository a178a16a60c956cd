package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.Collections;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a read-back looks at: the switch, the ports the controller manages and the extra ports the
 * lossless baseline covers (uplinks). Ports outside the scope are not the controller's business.
 * Immutable; a class rather than a record so that {@link #allPorts()} is built once, since a
 * transaction asks for it at every resolve, read and check.
 */
public final class ParseScope {

  private final SwitchName device;
  private final SwitchRole role;
  private final SortedSet<PortName> managedPorts;
  private final SortedSet<PortName> baselinePorts;
  private final SortedSet<PortName> allPorts;

  public ParseScope(
      SwitchName device,
      SwitchRole role,
      SortedSet<PortName> managedPorts,
      SortedSet<PortName> baselinePorts) {
    this.device = device;
    this.role = role;
    this.managedPorts = copy(managedPorts);
    this.baselinePorts = copy(baselinePorts);
    TreeSet<PortName> all = new TreeSet<>(PortOrder.NATURAL);
    all.addAll(this.managedPorts);
    all.addAll(this.baselinePorts);
    this.allPorts = Collections.unmodifiableSortedSet(all);
  }

  /** The scope of a target config: its managed ports and its baseline's ports. */
  public static ParseScope of(DeviceConfig target) {
    return new ParseScope(
        target.device(),
        target.role(),
        new TreeSet<>(target.ports().keySet()),
        target.lossless().ports());
  }

  public SwitchName device() {
    return device;
  }

  public SwitchRole role() {
    return role;
  }

  public SortedSet<PortName> managedPorts() {
    return managedPorts;
  }

  public SortedSet<PortName> baselinePorts() {
    return baselinePorts;
  }

  /** Every port whose state is read: managed plus baseline ports. */
  public SortedSet<PortName> allPorts() {
    return allPorts;
  }

  private static SortedSet<PortName> copy(SortedSet<PortName> s) {
    TreeSet<PortName> c = new TreeSet<>(PortOrder.NATURAL);
    c.addAll(s);
    return Collections.unmodifiableSortedSet(c);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ParseScope p
        && p.device.equals(device)
        && p.role == role
        && p.managedPorts.equals(managedPorts)
        && p.baselinePorts.equals(baselinePorts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(device, role, managedPorts, baselinePorts);
  }

  @Override
  public String toString() {
    return "ParseScope[device="
        + device
        + ", role="
        + role
        + ", managedPorts="
        + managedPorts
        + ", baselinePorts="
        + baselinePorts
        + "]";
  }
}
