package io.tenantfabric.model.topology;

import java.util.List;

/**
 * Records which element uses each switch port while a fabric is wired, reporting reuse and budget
 * overruns; one small array per switch, so wiring 20,000 links allocates no boxed keys.
 */
final class PortRegistry {

  private final Object[][] users;
  private final int[] highestPort;
  private final String[] switchNames;
  private final int portBudget;
  private final List<FabricViolation> violations;

  PortRegistry(String[] switchNames, int portBudget, List<FabricViolation> violations) {
    this.switchNames = switchNames;
    this.users = new Object[switchNames.length][];
    this.highestPort = new int[switchNames.length];
    this.portBudget = portBudget;
    this.violations = violations;
  }

  /**
   * Claims port {@code number} (sub 0 = the whole 400G port, 1 or 2 = a breakout sub-port) of a
   * switch for {@code user} (described by its {@code toString()} only if there is a conflict);
   * returns false if the port is over budget or already taken.
   */
  boolean claim(int switchIndex, int number, int sub, Object user) {
    highestPort[switchIndex] = Math.max(highestPort[switchIndex], number);
    if (number < 1 || number > portBudget) {
      return false;
    }
    Object[] ports = users[switchIndex];
    if (ports == null) {
      ports = new Object[(portBudget + 1) * 3];
      users[switchIndex] = ports;
    }
    int slot = number * 3 + sub;
    Object taken = ports[slot];
    if (taken == null) {
      // a whole port and its breakout sub-ports are the same front-panel cage
      taken = sub == 0 ? firstNonNull(ports[slot + 1], ports[slot + 2]) : ports[number * 3];
    }
    if (ports[slot] == null) {
      ports[slot] = user;
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

  private static Object firstNonNull(Object a, Object b) {
    return a != null ? a : b;
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
}
