package io.tenantfabric.bench;

import java.util.Locale;

/**
 * One measured figure: its value and unit, and the target it is held against ({@code target} as
 * written, e.g. "<= 5000"; null when the figure is context only) with whether it met it.
 */
record Figure(String name, double value, String unit, String target, Boolean met) {

  /** A figure held against an upper bound. */
  static Figure atMost(String name, double value, String unit, double bound) {
    return new Figure(name, value, unit, "<= " + format(bound), value <= bound);
  }

  /** A figure held against a lower bound. */
  static Figure atLeast(String name, double value, String unit, double bound) {
    return new Figure(name, value, unit, ">= " + format(bound), value >= bound);
  }

  /** A condition that must hold: 1 when it does, 0 when not. */
  static Figure holds(String name, boolean holds) {
    return new Figure(name, holds ? 1 : 0, "", "true", holds);
  }

  /** A figure with no target of its own. */
  static Figure context(String name, double value, String unit) {
    return new Figure(name, value, unit, null, null);
  }

  static String format(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%.2f", v);
  }
}
