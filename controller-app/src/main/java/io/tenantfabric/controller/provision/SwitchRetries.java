package io.tenantfabric.controller.provision;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Per switch, the failures since its last success: when it may be tried again (exponential
 * back-off) and since when it has been failing (for the unreachable deadline). Only the provisioner
 * thread uses it.
 */
final class SwitchRetries {

  private record State(int attempts, Instant firstFailure, Instant next, SwitchFailure last) {}

  private final Duration initial;
  private final Duration max;
  private final Duration deadline;
  private final Map<String, State> states = new HashMap<>();

  SwitchRetries(Duration initial, Duration max, Duration deadline) {
    this.initial = initial;
    this.max = max;
    this.deadline = deadline;
  }

  /** Whether {@code name} may be part of a batch at {@code now}. */
  boolean eligible(String name, Instant now) {
    State s = states.get(name);
    return s == null || !now.isBefore(s.next());
  }

  void succeeded(String name) {
    states.remove(name);
  }

  /**
   * Records a failure; {@code immediate} lets the next batch retry the switch at once (a drift seen
   * for the first time, or a rejection whose allocations were just failed).
   */
  void failed(SwitchFailure f, Instant now, boolean immediate) {
    State old = states.get(f.switchName());
    int attempts = old == null ? 1 : old.attempts() + 1;
    Instant first = old == null ? now : old.firstFailure();
    Duration wait = immediate ? Duration.ZERO : backoff(attempts);
    states.put(f.switchName(), new State(attempts, first, now.plus(wait), f));
  }

  /** Consecutive failures of {@code name} of the same kind as {@code kind}, 0 if none. */
  int failuresOf(String name, FailureKind kind) {
    State s = states.get(name);
    return s == null || s.last().kind() != kind ? 0 : s.attempts();
  }

  /** Switches failing for longer than the deadline, with their last failure. */
  List<SwitchFailure> overdue(Instant now) {
    List<SwitchFailure> out = new ArrayList<>();
    for (State s : states.values()) {
      if (!now.isBefore(s.firstFailure().plus(deadline))) {
        out.add(s.last());
      }
    }
    return out;
  }

  /** When the next switch becomes eligible again, if any waits. */
  Optional<Instant> nextDue() {
    return states.values().stream().map(State::next).min(Instant::compareTo);
  }

  private Duration backoff(int attempts) {
    Duration d = initial;
    for (int i = 1; i < attempts && d.compareTo(max) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(max) > 0 ? max : d;
  }
}
