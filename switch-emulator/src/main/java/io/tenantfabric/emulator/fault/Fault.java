package io.tenantfabric.emulator.fault;

import java.util.Objects;

/**
 * A fault to inject: {@code count} is how many times it fires (0 = until cleared); for {@code
 * HOLD_LOCK} a firing is one refused lock attempt, for {@code DELAY} one delayed RPC, for {@code
 * REFUSE_L2VPN_XML} one refused RPC; {@code delayMs} is used by {@code DELAY} only.
 */
public record Fault(FaultType type, int count, long delayMs) {
  public Fault {
    Objects.requireNonNull(type, "type");
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0, got " + count);
    }
    if (delayMs < 0 || delayMs > 600_000) {
      throw new IllegalArgumentException("delayMs must be 0..600000, got " + delayMs);
    }
    if (type == FaultType.DELAY && delayMs == 0) {
      throw new IllegalArgumentException("DELAY needs delayMs > 0");
    }
  }

  /** Fires once. */
  public static Fault once(FaultType type) {
    return new Fault(type, 1, 0);
  }

  /** Fires until cleared. */
  public static Fault always(FaultType type) {
    return new Fault(type, 0, 0);
  }

  /** Delays every RPC by {@code delayMs} until cleared. */
  public static Fault delay(long delayMs) {
    return new Fault(FaultType.DELAY, 0, delayMs);
  }
}
