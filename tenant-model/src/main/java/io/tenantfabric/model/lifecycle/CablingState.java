package io.tenantfabric.model.lifecycle;

/**
 * The state of one end of a planned cable, as its switch sees it. {@code UNCHECKED}: not seen yet
 * (placeable). {@code OK}: the planned peer answers. {@code MISSING}: no neighbour on a fabric
 * port, or the link is down. {@code WRONG_PEER}: someone else answers. {@code UNEXPECTED}: a
 * neighbour on a port the plan leaves empty. {@code UNVERIFIED}: a GPU port whose NIC speaks no
 * LLDP (the link is up, or the port is shut by the controller).
 */
public enum CablingState {
  UNCHECKED,
  OK,
  MISSING,
  WRONG_PEER,
  UNEXPECTED,
  UNVERIFIED;

  /** Whether a free GPU behind a port in this state may be placed. */
  public boolean placeable() {
    return this == UNCHECKED || this == OK || this == UNVERIFIED;
  }
}
