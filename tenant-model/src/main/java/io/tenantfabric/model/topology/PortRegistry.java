package io.tenantfabric.model.topology;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Records which element uses each switch port while a fabric is wired, reporting reuse and budget
 * overruns.
 */
final class PortRegistry {

  private final Map<Long, String> users = new HashMap<>();
  private final int[] highestPort;
  private final String[] switchNames;
  private final int portBudget;
  private final List<FabricViolation> violations;

  PortRegistry(String[] switchNames, int portBudget, List<FabricViolation> violations) {
    this.switchNames = switchNames;
    this.highestPort = new int[switchNames.length];
    this.portBudget = portBudget;
    this.violations = violations;
  }

  /**
   * Claims port {@code number} (sub 0 = the whole 400G port, 1 or 2 = a breakout sub-port) of a
   * switch for {@code user}; returns false if the port is over budget or already taken.
   */
  boolean claim(int switchIndex, int number, int sub, String user) {
    highestPort[switchIndex] = Math.max(highestPort[switchIndex], number);
    if (number < 1 || number > portBudget) {
      return false;
    }
    String taken = users.putIfAbsent(key(switchIndex, number, sub), user);
    if (taken == null) {
      // a whole port and its breakout sub-ports are the same front-panel cage
      taken = sub == 0 ? firstNonNull(switchIndex, number) : users.get(key(switchIndex, number, 0));
    }
    if (taken != null) {
      String port =
          sub == 0 ? "FourHundredGigE1/0/" + number : "TwoHundredGigE1/0/" + number + ":" + sub;
      String element = switchNames[switchIndex] + " " + port;
      violations.add(
          new FabricViolation(
              element, "port-unique", element + " is used twice: by " + taken + " and by " + user));
      return false;
    }
    return true;
  }

  private String firstNonNull(int switchIndex, int number) {
    String one = users.get(key(switchIndex, number, 1));
    return one != null ? one : users.get(key(switchIndex, number, 2));
  }

  /** Adds one port-budget violation per switch that needed a port beyond the budget. */
  void reportBudget() {
    for (int i = 0; i < highestPort.length; i++) {
      if (highestPort[i] > portBudget) {
        violations.add(
            new FabricViolation(
                switchNames[i],
                "port-budget",
                switchNames[i]
                    + " needs port "
                    + highestPort[i]
                    + " but has only "
                    + portBudget
                    + " ports"));
      }
    }
  }

  private static long key(int switchIndex, int number, int sub) {
    return ((long) switchIndex << 32) | ((long) number << 2) | sub;
  }
}
