package io.tenantfabric.model.device;

import io.tenantfabric.model.topology.PortName;
import java.util.Collections;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Lossless RoCE settings applied per port: PFC no-drop on the RoCE 802.1p priority, ECN on the
 * queue of that priority, trust of DSCP and of the tunnel's 802.1p, PFC deadlock detection. They
 * apply to {@code ports} (fabric uplinks) and to every managed port of the device. The record is
 * kept in a normal form: without PFC and ECN the priority reads 0; with nothing on, no ports.
 */
public record LosslessBaseline(
    int rocePriority,
    boolean pfcEnabled,
    boolean ecnEnabled,
    boolean trustDscp,
    boolean trustTunnelDot1p,
    boolean deadlockDetection,
    SortedSet<PortName> ports) {

  public LosslessBaseline {
    if (rocePriority < 0 || rocePriority > 7) {
      throw new InvalidDeviceConfigException(
          "lossless", "roce-priority-range", "RoCE priority must be 0..7");
    }
    Objects.requireNonNull(ports, "ports");
    if (deadlockDetection && !pfcEnabled) {
      throw new InvalidDeviceConfigException(
          "lossless", "deadlock-needs-pfc", "PFC deadlock detection needs PFC enabled");
    }
    // Normal form, so that a config read back from a switch equals the one rendered: the priority
    // only shows on a device through PFC or ECN lines, and ports only through some setting.
    if (!pfcEnabled && !ecnEnabled) {
      rocePriority = 0;
    }
    TreeSet<PortName> copy = new TreeSet<>(PortOrder.NATURAL);
    if (pfcEnabled || ecnEnabled || trustDscp || trustTunnelDot1p) {
      copy.addAll(ports);
    }
    ports = Collections.unmodifiableSortedSet(copy);
  }

  /** The contract's six-field form: the settings apply to the managed ports only. */
  public LosslessBaseline(
      int rocePriority,
      boolean pfcEnabled,
      boolean ecnEnabled,
      boolean trustDscp,
      boolean trustTunnelDot1p,
      boolean deadlockDetection) {
    this(
        rocePriority,
        pfcEnabled,
        ecnEnabled,
        trustDscp,
        trustTunnelDot1p,
        deadlockDetection,
        new TreeSet<>(PortOrder.NATURAL));
  }

  /** Everything on, on the given priority: what a RoCE fabric wants. */
  public static LosslessBaseline roce(int rocePriority) {
    return new LosslessBaseline(rocePriority, true, true, true, true, true);
  }

  /** Nothing configured (what a factory-fresh switch reads back as). */
  public static LosslessBaseline none() {
    return new LosslessBaseline(0, false, false, false, false, false);
  }

  /** True when no lossless setting is on. */
  public boolean isEmpty() {
    return !pfcEnabled && !ecnEnabled && !trustDscp && !trustTunnelDot1p && !deadlockDetection;
  }

  /** The same settings applied to another port set. */
  public LosslessBaseline withPorts(SortedSet<PortName> newPorts) {
    return new LosslessBaseline(
        rocePriority,
        pfcEnabled,
        ecnEnabled,
        trustDscp,
        trustTunnelDot1p,
        deadlockDetection,
        newPorts);
  }
}
