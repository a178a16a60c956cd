package io.tenantfabric.emulator.cabling;

import io.tenantfabric.emulator.CableChange;
import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.emulator.topology.PlannedCable;
import io.tenantfabric.emulator.topology.ServerLayout;
import io.tenantfabric.model.topology.PortName;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The fabric's cables: each switch port or server NIC holds at most one, and both ends of a cable
 * name each other. Starts as the plan; a connection first pulls whatever cable either end held
 * (their former far ends are left without one). Thread-safe: every method holds the plant's lock
 * and calls nothing outside it.
 */
public final class CablePlant {
  /** Front-panel ports of an S9825-64D: FourHundredGigE1/0/1..64 and their 200G halves. */
  public static final int PORTS_PER_SWITCH = 64;

  /** The number of front-panel cages of each switch, by name. */
  private final Map<String, Integer> frontPanels;

  private final Map<String, Server> servers = new LinkedHashMap<>();
  private final Map<CableEnd, CableEnd> planned = new HashMap<>();
  private final Map<CableEnd, Cable> cables = new HashMap<>();
  private final Map<String, TreeMap<PortName, Cable>> bySwitch = new HashMap<>();
  private final Clock clock;

  /**
   * A plant for {@code switches} of {@value #PORTS_PER_SWITCH} ports each and {@code servers},
   * cabled as {@code plan} says.
   */
  public CablePlant(
      Collection<String> switches,
      List<ServerLayout> servers,
      List<PlannedCable> plan,
      Clock clock) {
    this(sameSize(switches), servers, plan, plan, clock);
  }

  /**
   * A plant for the switches of {@code frontPanels} (name to its number of front-panel cages: ports
   * 1..N, whole or split) and {@code servers}, which plans {@code plan} and starts with the cables
   * of {@code cabled}: the plan itself, or, in a fabric yet to grow, the smaller fabric's plan.
   */
  public CablePlant(
      Map<String, Integer> frontPanels,
      List<ServerLayout> servers,
      List<PlannedCable> plan,
      List<PlannedCable> cabled,
      Clock clock) {
    this.frontPanels = Map.copyOf(frontPanels);
    this.clock = clock;
    for (ServerLayout s : servers) {
      this.servers.put(s.name(), new Server(s.name(), s.nics(), true));
    }
    for (PlannedCable p : plan) {
      requireKnown(p.a());
      requireKnown(p.b());
      if (planned.containsKey(p.a()) || planned.containsKey(p.b())) {
        throw new IllegalArgumentException("the plan puts two cables on one end: " + p);
      }
      planned.put(p.a(), p.b());
      planned.put(p.b(), p.a());
    }
    for (PlannedCable p : cabled) {
      requireKnown(p.a());
      requireKnown(p.b());
      if (cables.containsKey(p.a()) || cables.containsKey(p.b())) {
        throw new IllegalArgumentException("the cabling puts two cables on one end: " + p);
      }
      plug(new Cable(p.a(), p.b(), clock.instant()));
    }
  }

  private static Map<String, Integer> sameSize(Collection<String> switches) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (String s : switches) {
      out.put(s, PORTS_PER_SWITCH);
    }
    return out;
  }

  /** The cable in {@code end}, if any; UnknownEndException for an end the fabric lacks. */
  public synchronized Optional<Cable> cableAt(CableEnd end) {
    requireKnown(end);
    return Optional.ofNullable(cables.get(end));
  }

  /** Where the plan puts the other end of {@code end}'s cable, if it plans one. */
  public synchronized Optional<CableEnd> planned(CableEnd end) {
    requireKnown(end);
    return Optional.ofNullable(planned.get(end));
  }

  /** The cabled ports of switch {@code device}, in port order. */
  public synchronized Map<String, Cable> cablesOf(String device) {
    Map<String, Cable> out = new LinkedHashMap<>();
    bySwitch.getOrDefault(device, new TreeMap<>()).forEach((p, c) -> out.put(p.value(), c));
    return out;
  }

  /** The planned far ends of switch {@code device}'s ports, in port order. */
  public synchronized Map<String, CableEnd> plannedOf(String device) {
    TreeMap<PortName, CableEnd> sorted = new TreeMap<>();
    planned.forEach(
        (end, far) -> {
          if (end instanceof CableEnd.SwitchPort p && p.device().equals(device)) {
            sorted.put(new PortName(p.port()), far);
          }
        });
    Map<String, CableEnd> out = new LinkedHashMap<>();
    sorted.forEach((p, far) -> out.put(p.value(), far));
    return out;
  }

  /**
   * Applies {@code changes} in order, or none of them when any names an end the fabric lacks
   * (UnknownEndException) or connects an end to itself (IllegalArgumentException).
   */
  public synchronized void apply(List<CableChange> changes) {
    for (CableChange c : changes) {
      CableEnd port = new CableEnd.SwitchPort(c.device(), c.port());
      requireKnown(port);
      if (c.peer() != null) {
        requireKnown(c.peer());
        if (c.peer().equals(port)) {
          throw new IllegalArgumentException("a cable needs two different ends: " + port);
        }
      }
    }
    for (CableChange c : changes) {
      CableEnd port = new CableEnd.SwitchPort(c.device(), c.port());
      unplug(port);
      if (c.peer() != null) {
        unplug(c.peer());
        plug(new Cable(port, c.peer(), clock.instant()));
      }
    }
  }

  /**
   * Follows a breakout of cage {@code port} of switch {@code device}, as the switch's CLI made it:
   * split, the cable in FourHundredGigE1/0/N is now in TwoHundredGigE1/0/N:1; joined, the cable in
   * N:1 is now in FourHundredGigE1/0/N and the one in N:2 is pulled (a 400G port has one lane set).
   * The far ends keep their side; a moved cable is plugged anew (its link comes up now).
   */
  public synchronized void followBreakout(String device, int port, boolean split) {
    CableEnd whole = new CableEnd.SwitchPort(device, PortName.fourHundred(port).value());
    CableEnd first = new CableEnd.SwitchPort(device, PortName.twoHundred(port, 1).value());
    CableEnd second = new CableEnd.SwitchPort(device, PortName.twoHundred(port, 2).value());
    if (split) {
      move(whole, first);
    } else {
      unplug(second);
      move(first, whole);
    }
  }

  /** The cable in {@code from}, if any, now in {@code to} (whose own cable is pulled first). */
  private void move(CableEnd from, CableEnd to) {
    Cable c = cables.get(from);
    if (c == null) {
      return;
    }
    CableEnd far = c.far(from);
    unplug(from);
    unplug(to);
    plug(new Cable(to, far, clock.instant()));
  }

  /** Every server, in name order. */
  public synchronized List<Server> servers() {
    return List.copyOf(servers.values());
  }

  /** The server named {@code name}; UnknownEndException when there is none. */
  public synchronized Server server(String name) {
    Server s = servers.get(name);
    if (s == null) {
      throw new UnknownEndException("server '" + name + "'");
    }
    return s;
  }

  /** Silences ({@code false}) or restores the LLDP agents of every NIC of server {@code name}. */
  public synchronized Server serverLldp(String name, boolean enabled) {
    Server s = server(name);
    Server next = new Server(s.name(), s.nics(), enabled);
    servers.put(name, next);
    return next;
  }

  private void plug(Cable c) {
    cables.put(c.a(), c);
    cables.put(c.b(), c);
    index(c.a(), c);
    index(c.b(), c);
  }

  private void unplug(CableEnd end) {
    Cable c = cables.get(end);
    if (c == null) {
      return;
    }
    for (CableEnd e : List.of(c.a(), c.b())) {
      cables.remove(e);
      if (e instanceof CableEnd.SwitchPort p) {
        TreeMap<PortName, Cable> ports = bySwitch.get(p.device());
        ports.remove(new PortName(p.port()));
      }
    }
  }

  private void index(CableEnd end, Cable c) {
    if (end instanceof CableEnd.SwitchPort p) {
      bySwitch.computeIfAbsent(p.device(), d -> new TreeMap<>()).put(new PortName(p.port()), c);
    }
  }

  private void requireKnown(CableEnd end) {
    if (end instanceof CableEnd.SwitchPort p) {
      Integer cages = frontPanels.get(p.device());
      if (cages == null) {
        throw new UnknownEndException("emulated switch named '" + p.device() + "'");
      }
      if (!frontPanel(p.port(), cages)) {
        throw new UnknownEndException("port '" + p.port() + "' on " + p.device());
      }
    } else if (end instanceof CableEnd.ServerNic n) {
      Server s = servers.get(n.server());
      if (s == null) {
        throw new UnknownEndException("server '" + n.server() + "'");
      }
      if (!s.nics().contains(n.nic())) {
        throw new UnknownEndException("NIC '" + n.nic() + "' on " + n.server());
      }
    }
  }

  /** FourHundredGigE1/0/N or TwoHundredGigE1/0/N:1|2 with N 1..cages. */
  private static boolean frontPanel(String port, int cages) {
    try {
      int n = new PortName(port).number();
      return n >= 1 && n <= cages;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
