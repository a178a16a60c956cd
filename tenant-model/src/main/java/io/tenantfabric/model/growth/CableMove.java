package io.tenantfabric.model.growth;

import io.tenantfabric.model.topology.Link;

/** One cable re-plugged: the end that stays is named by {@link #keptEnd()}. */
public record CableMove(Link from, Link to) {

  /** Which end stays plugged in: {@code lower} (e.g. the leaf), {@code upper}, or {@code none}. */
  public String keptEnd() {
    if (from.lower().equals(to.lower()) && from.lowerPort().equals(to.lowerPort())) {
      return "lower";
    }
    if (from.upper().equals(to.upper()) && from.upperPort().equals(to.upperPort())) {
      return "upper";
    }
    return "none";
  }

  @Override
  public String toString() {
    return "(" + from + ") -> (" + to + ")";
  }
}
