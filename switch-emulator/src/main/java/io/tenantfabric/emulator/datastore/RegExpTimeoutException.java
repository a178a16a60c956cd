package io.tenantfabric.emulator.datastore;

import java.time.Duration;

/** A {@code regExp} filter used up its {@link MatchBudget}; the match was abandoned. */
final class RegExpTimeoutException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final Duration budget;

  RegExpTimeoutException(Duration budget) {
    super("regExp matching took more than " + budget.toMillis() + " ms of CPU time");
    this.budget = budget;
  }

  Duration budget() {
    return budget;
  }
}
