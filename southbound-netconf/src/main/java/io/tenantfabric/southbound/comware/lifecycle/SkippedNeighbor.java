package io.tenantfabric.southbound.comware.lifecycle;

/**
 * An LLDP neighbour row the cabling read leaves out of its observation, with why: what the row says
 * ({@code ifIndex} and {@code localPort} empty where the switch gave or resolved none) and the
 * reason.
 */
public record SkippedNeighbor(
    String ifIndex, String localPort, String systemName, String portId, Reason reason) {

  /** Why a neighbour row is not part of the observation. */
  public enum Reason {
    /** The row carries no IfIndex, or one that is not a number. */
    NO_IF_INDEX("the row names no IfIndex"),
    /** No interface of the switch has the row's IfIndex (one removed since, by a breakout say). */
    UNKNOWN_IF_INDEX("no interface of the switch has this IfIndex"),
    /** The local interface is not a front-panel port (a management port, say): outside the plan. */
    NOT_FRONT_PANEL("the local interface is not a front-panel port of the fabric"),
    /** Another neighbour on the same port has a lower NeighborIndex and is kept instead. */
    NOT_FIRST_ON_PORT("a neighbour with a lower NeighborIndex is kept for this port");

    private final String text;

    Reason(String text) {
      this.text = text;
    }

    /** The reason in the operator's words. */
    public String text() {
      return text;
    }
  }

  public SkippedNeighbor {
    if (reason == null) {
      throw new IllegalArgumentException("a skipped neighbour says why");
    }
    ifIndex = ifIndex == null ? "" : ifIndex;
    localPort = localPort == null ? "" : localPort;
    systemName = systemName == null ? "" : systemName;
    portId = portId == null ? "" : portId;
  }

  @Override
  public String toString() {
    String where =
        !localPort.isEmpty()
            ? localPort + " (IfIndex " + ifIndex + ")"
            : ifIndex.isEmpty() ? "a row without IfIndex" : "IfIndex " + ifIndex;
    return "LLDP neighbour '"
        + systemName
        + "' port '"
        + portId
        + "' on "
        + where
        + " skipped: "
        + reason.text();
  }
}
