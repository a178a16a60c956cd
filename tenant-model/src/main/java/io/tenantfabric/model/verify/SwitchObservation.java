package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One audited switch: the intent at the generation it applied ({@code expected}: who owns which
 * port), whether a later generation is in flight, and what it showed: its config as the parser
 * modelled it, the parser's anomalies (what the model could not express), the packet-filters
 * applied outbound, and each port's lossless settings. A switch that could not be read has no
 * observed config and a reason instead.
 */
public record SwitchObservation(
    SwitchName name,
    DeviceConfig expected,
    boolean inFlight,
    Optional<DeviceConfig> observed,
    String unreadableReason,
    List<String> anomalies,
    Map<PortName, String> outboundAcls,
    Map<PortName, PortLossless> portLossless) {

  public SwitchObservation {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(expected, "expected");
    Objects.requireNonNull(observed, "observed");
    if (observed.isEmpty() && unreadableReason == null) {
      throw new IllegalArgumentException(name.value() + ": an unread switch needs a reason");
    }
    anomalies = List.copyOf(anomalies);
    outboundAcls = Map.copyOf(new TreeMap<>(outboundAcls));
    portLossless = Map.copyOf(new TreeMap<>(portLossless));
  }

  /** A switch that was read. */
  public static SwitchObservation read(
      DeviceConfig expected,
      boolean inFlight,
      DeviceConfig observed,
      List<String> anomalies,
      Map<PortName, String> outboundAcls,
      Map<PortName, PortLossless> portLossless) {
    return new SwitchObservation(
        expected.device(),
        expected,
        inFlight,
        Optional.of(observed),
        null,
        anomalies,
        outboundAcls,
        portLossless);
  }

  /** A switch that could not be read, and why. */
  public static SwitchObservation unreadable(
      DeviceConfig expected, boolean inFlight, String reason) {
    return new SwitchObservation(
        expected.device(),
        expected,
        inFlight,
        Optional.empty(),
        reason,
        List.of(),
        Map.of(),
        Map.of());
  }
}
