package io.tenantfabric.model.lifecycle;

import io.tenantfabric.model.topology.SwitchName;
import java.util.Optional;

/**
 * The verdict on one switch port: the cable the plan puts there (none for {@code UNEXPECTED}), what
 * the port sees (none when nothing answers) and the state.
 */
public record CableCheck(
    SwitchName switchName,
    String port,
    Optional<PlannedCable> planned,
    Optional<CableEnd> seen,
    CablingState state) {

  public CableCheck {
    if (switchName == null || port == null || planned == null || seen == null || state == null) {
      throw new IllegalArgumentException("a cable check names switch, port, plan, sight, state");
    }
    if (planned.isEmpty() != (state == CablingState.UNEXPECTED)) {
      throw new IllegalArgumentException("exactly an UNEXPECTED port has no planned cable");
    }
  }
}
