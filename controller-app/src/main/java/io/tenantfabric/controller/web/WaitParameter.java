package io.tenantfabric.controller.web;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;
import java.time.format.DateTimeParseException;

/** The {@code wait} query parameter: an ISO-8601 duration from {@code PT0S} to {@code PT60S}. */
public final class WaitParameter {

  public static final Duration MAX = Duration.ofSeconds(60);

  private WaitParameter() {}

  /** Zero when absent; a 400 naming {@code wait} when malformed, negative or above a minute. */
  public static Duration parse(String raw) {
    if (raw == null || raw.isEmpty()) {
      return Duration.ZERO;
    }
    Duration d;
    try {
      d = Duration.parse(raw);
    } catch (DateTimeParseException e) {
      throw invalid("'wait' must be an ISO-8601 duration such as PT10S.");
    }
    if (d.isNegative()) {
      throw invalid("'wait' must not be negative.");
    }
    if (d.compareTo(MAX) > 0) {
      throw invalid("'wait' may be at most PT60S; poll after that.");
    }
    return d;
  }

  private static Refusal invalid(String detail) {
    return Refusal.invalid("Invalid parameter", detail).field("wait");
  }
}
