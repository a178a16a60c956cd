package io.tenantfabric.db.lifecycle;

import java.time.Instant;
import java.util.Objects;

/**
 * One judged switch port as stored: its {@code kind} ({@code FABRIC}, {@code GPU}; null for an
 * {@code UNEXPECTED} port the plan leaves empty), state, the planned and the seen far end (null
 * when none), when its switch was last checked and when its state or sight last changed.
 */
public record CablingRow(
    String switchName,
    String port,
    String kind,
    String state,
    String plannedDevice,
    String plannedPort,
    String seenDevice,
    String seenPort,
    Instant checkedAt,
    Instant changedAt) {

  /** Whether {@code other} differs from this row in state or in what the port sees. */
  public boolean changedFrom(CablingRow other) {
    return !state.equals(other.state())
        || !Objects.equals(seenDevice, other.seenDevice())
        || !Objects.equals(seenPort, other.seenPort());
  }
}
