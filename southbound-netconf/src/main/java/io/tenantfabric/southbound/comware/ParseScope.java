package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a read-back looks at: the switch, the ports the controller manages and the extra ports the
 * lossless baseline covers (uplinks). Ports outside the scope are not the controller's business.
 */
public record ParseScope(
    SwitchName device,
    SwitchRole role,
    SortedSet<PortName> managedPorts,
    SortedSet<PortName> baselinePorts) {

  public ParseScope {
    managedPorts = copy(managedPorts);
    baselinePorts = copy(baselinePorts);
  }

  /** The scope of a target config: its managed ports and its baseline's ports. */
  public static ParseScope of(DeviceConfig target) {
    return new ParseScope(
        target.device(),
        target.role(),
        new TreeSet<>(target.ports().keySet()),
        target.lossless().ports());
  }

  /** Every port whose state is read: managed plus baseline ports. */
  public SortedSet<PortName> allPorts() {
    TreeSet<PortName> all = new TreeSet<>(PortOrder.NATURAL);
    all.addAll(managedPorts);
    all.addAll(baselinePorts);
    return Collections.unmodifiableSortedSet(all);
  }

  private static SortedSet<PortName> copy(SortedSet<PortName> s) {
    TreeSet<PortName> c = new TreeSet<>(PortOrder.NATURAL);
    c.addAll(s);
    return Collections.unmodifiableSortedSet(c);
  }
}
