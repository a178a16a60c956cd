package io.tenantfabric.controller.growth;

/** How a growth names its steps in the operation's {@code step}: STEP_1 .. STEP_n, then DONE. */
final class GrowthSteps {

  static final String DONE = "DONE";

  private static final String PREFIX = "STEP_";

  private GrowthSteps() {}

  static String name(int number) {
    return PREFIX + number;
  }

  /** The step number of {@code step}; one past the last for DONE. */
  static int number(String step, int steps) {
    if (DONE.equals(step)) {
      return steps + 1;
    }
    if (!step.startsWith(PREFIX)) {
      throw new IllegalArgumentException("not a growth step: " + step);
    }
    return Integer.parseInt(step.substring(PREFIX.length()));
  }
}
