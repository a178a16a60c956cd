package io.tenantfabric.emulator.fault;

import java.util.Objects;

/**
 * A fault to inject: {@code count} is how many times it fires (0 = until cleared); for {@code
 * HOLD_LOCK} a firing is one refused lock attempt, for {@code DELAY} one delayed RPC, for {@code
 * REFUSE_L2VPN_XML} one refused RPC; {@code delayMs} is used by {@code DELAY} only; {@code forMs},
 * when above 0, ends the fault by itself that long after it was injected (a leaf that refuses every
 * edit for a while, whoever is left to clear it).
 */
public record Fault(FaultType type, int count, long delayMs, long forMs) {

  /** The longest a timed fault may last: a day. */
  public static final long MAX_FOR_MS = 86_400_000;

  public Fault {
    Objects.requireNonNull(type, "type");
    if (forMs < 0 || forMs > MAX_FOR_MS) {
      throw new IllegalArgumentException("forMs must be 0.." + MAX_FOR_MS + ", got " + forMs);
    }
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

  /** A fault without a time limit. */
  public Fault(FaultType type, int count, long delayMs) {
    this(type, count, delayMs, 0);
  }

  /** The same fault, ending by itself {@code forMs} after it is injected. */
  public Fault lasting(long forMs) {
    return new Fault(type, count, delayMs, forMs);
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
