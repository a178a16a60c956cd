package io.tenantfabric.model.topology;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Wires a {@link FabricSpec} into a {@link Fabric}, one phase after the other: name the switches,
 * take the breakout downlinks, cable each leaf to its pod's spines, each spine to the super-spines
 * (3 tiers), then attach the GPU servers rail by rail. Every rule the spec breaks is collected by
 * {@link FabricSpecRules} (and, for ports, {@link PortRegistry}) and refused at once with all of
 * them. One instance per assembly.
 *
 * <p>Wiring: a leaf has downlinks on ports {@code 1..leafDownlinks} and uplinks right after them;
 * leaf uplink {@code u} goes to spine {@code u mod spinesPerPod} of its pod. On the spine, the link
 * {@code r} of leaf {@code L} (0-based within the pod) lands on port {@code (L mod B) * lanes + (L
 * div B) * leafUplinksPerSpine + r + 1} with {@code B = portsPerSwitch / lanes}: with the default
 * {@code lanes = leafUplinksPerSpine} that is simply {@code L * k + r + 1}; more lanes leave gaps
 * that a later growth fills without moving the existing cables. In a 3-tier fabric, pod spine
 * {@code g} (0-based over all pods) sends uplink {@code k} to super-spine {@code (g * spineUplinks
 * + k) mod superSpines}, super-spine ports assigned in that order. GPU servers sit in rail groups
 * of {@code gpusPerServer} consecutive leaves: server {@code s} (0-based) is in group {@code s div
 * leafDownlinks}, slot {@code j = s mod leafDownlinks}, and its GPU {@code i} is cabled to leaf
 * {@code group * gpusPerServer + i}, downlink port {@code j + 1}.
 */
final class FabricAssembler {

  private final FabricSpec spec;
  private final FabricSpecRules rules;

  private final int totalSpines;
  private final int totalLeaves;
  private final int superCount;
  private final boolean threeTier;

  /** Spines, then leaves, then super-spines: a switch's index in these is its registry index. */
  private SwitchName[] names;

  private String[] nameStrings;
  private final List<Switch> spines = new ArrayList<>();
  private final List<Switch> leaves = new ArrayList<>();
  private final List<Switch> supers = new ArrayList<>();
  private PortRegistry registry;

  /** {@code whole[n]} is the 400G port n. */
  private PortName[] whole;

  /** Per leaf (by its index among the leaves): the downlinks split 1:2. */
  private final Map<Integer, Set<Integer>> breakouts = new HashMap<>();

  private final List<Link> links = new ArrayList<>();
  private int highestSpineDown;

  /** The spine ports leaves are cabled to: the same on every spine. */
  private final BitSet spineDownPorts = new BitSet();

  private final List<GpuServer> servers = new ArrayList<>();
  private final List<Gpu> gpus = new ArrayList<>();

  private FabricAssembler(FabricSpec spec, FabricSpecRules rules) {
    this.spec = spec;
    this.rules = rules;
    this.threeTier = spec.tiers() == 3;
    this.totalSpines = spec.totalSpines();
    this.totalLeaves = spec.totalLeaves();
    this.superCount = threeTier ? spec.superSpines() : 0;
  }

  static Fabric assemble(FabricSpec spec) {
    if (spec == null) {
      throw new IllegalArgumentException("fabric spec is required");
    }
    FabricSpecRules rules = new FabricSpecRules(spec);
    rules.checkStructure();
    rules.checkPools();
    rules.throwIfAny(); // before anything is wired, and before any count is trusted
    return new FabricAssembler(spec, rules).build();
  }

  private Fabric build() {
    nameSwitches();
    registry = new PortRegistry(nameStrings, spec.portsPerSwitch(), rules.violations());
    whole = new PortName[spec.portsPerSwitch() + 1];
    for (int n = 1; n < whole.length; n++) {
      whole[n] = PortName.fourHundred(n);
    }
    takeBreakouts();
    cableLeafUplinks();
    if (threeTier) {
      cableSuperSpines();
    }
    attachServers();
    registry.reportBudget();
    int uplinks = spec.spinesPerPod() * spec.leafUplinksPerSpine();
    rules.checkOversubscription(leaves, spec.leafDownlinks(), uplinks, "leaf");
    if (threeTier) {
      rules.checkOversubscription(
          spines,
          spec.leavesPerPod() * spec.leafUplinksPerSpine(),
          spec.spineUplinks(),
          "pod spine");
    }
    rules.throwIfAny();
    rules.checkPoolSizes(gpus.size());
    rules.throwIfAny();
    Map<SwitchName, Set<Integer>> breakoutsByLeaf = new HashMap<>();
    breakouts.forEach((leaf, set) -> breakoutsByLeaf.put(names[totalSpines + leaf], set));
    return new Fabric(
        spec,
        supers,
        spines,
        leaves,
        links,
        servers,
        gpus,
        breakoutsByLeaf,
        totalLeaves / spec.gpusPerServer());
  }

  private int width(int count, int minimum) {
    Integer digits = spec.nameDigits();
    return Math.max(minimum, digits != null ? digits : Integer.toString(count).length());
  }

  /**
   * spine-01.., leaf-01.., superspine-001..: numbered as wide as their count needs, or as the
   * spec's {@code nameDigits} says.
   */
  private void nameSwitches() {
    names = new SwitchName[totalSpines + totalLeaves + superCount];
    nameStrings = new String[names.length];
    int spineWidth = width(totalSpines, 2);
    for (int s = 0; s < totalSpines; s++) {
      names[s] = SwitchName.numbered("spine", s + 1, spineWidth);
      spines.add(
          new Switch(names[s], SwitchRole.SPINE, threeTier ? s / spec.spinesPerPod() + 1 : 0));
    }
    int leafWidth = width(totalLeaves, 2);
    for (int l = 0; l < totalLeaves; l++) {
      int i = totalSpines + l;
      names[i] = SwitchName.numbered("leaf", l + 1, leafWidth);
      leaves.add(
          new Switch(names[i], SwitchRole.LEAF, threeTier ? l / spec.leavesPerPod() + 1 : 0));
    }
    int superWidth = width(superCount, 3);
    for (int x = 0; x < superCount; x++) {
      int i = totalSpines + totalLeaves + x;
      names[i] = SwitchName.numbered("superspine", x + 1, superWidth);
      supers.add(new Switch(names[i], SwitchRole.SUPER_SPINE, 0));
    }
    for (int i = 0; i < names.length; i++) {
      nameStrings[i] = names[i].value();
    }
  }

  /**
   * The leaf downlinks split 1:2, each named once, on a leaf of this fabric, among 1..downlinks.
   */
  private void takeBreakouts() {
    Map<String, Integer> leafIndexByName = new HashMap<>(totalLeaves * 2);
    for (int l = 0; l < totalLeaves; l++) {
      leafIndexByName.put(nameStrings[totalSpines + l], l);
    }
    int down = spec.leafDownlinks();
    for (BreakoutPort b : spec.breakoutDownlinks()) {
      String element = (b == null ? "null" : b.leaf() + " FourHundredGigE1/0/" + b.port());
      Integer leaf = b == null ? null : leafIndexByName.get(b.leaf());
      if (leaf == null) {
        rules.violate(
            element, "breakout-downlink", "breakout " + element + " names no leaf of this fabric");
      } else if (b.port() < 1 || b.port() > down) {
        rules.violate(
            element,
            "breakout-downlink",
            "breakout "
                + element
                + " is not a downlink: only leaf downlinks 1.."
                + down
                + " may be split 1:2");
      } else if (!breakouts.computeIfAbsent(leaf, k -> new HashSet<>()).add(b.port())) {
        rules.violate(element, "port-unique", element + " is listed twice as a breakout port");
      }
    }
  }

  /**
   * Each leaf's uplinks, after its downlinks, round-robin over its pod's spines; on a spine, the
   * leaves of the pod fill its ports in blocks of {@code spinePortLanes}.
   */
  private void cableLeafUplinks() {
    int spinesPerPod = spec.spinesPerPod();
    int leavesPerPod = spec.leavesPerPod();
    int down = spec.leafDownlinks();
    int perSpine = spec.leafUplinksPerSpine();
    int lanes = spec.spinePortLanes();
    int blocks = spec.portsPerSwitch() / lanes;
    int uplinks = spinesPerPod * perSpine;
    for (int l = 0; l < totalLeaves; l++) {
      int pod = l / leavesPerPod;
      int inPod = l % leavesPerPod;
      int leafIndex = totalSpines + l;
      for (int u = 0; u < uplinks; u++) {
        int spine = pod * spinesPerPod + u % spinesPerPod;
        int r = u / spinesPerPod;
        int leafPort = down + u + 1;
        int spinePort = (inPod % blocks) * lanes + (inPod / blocks) * perSpine + r + 1;
        highestSpineDown = Math.max(highestSpineDown, spinePort);
        spineDownPorts.set(spinePort);
        cable(leafIndex, leafPort, spine, spinePort);
      }
    }
  }

  /** Each spine's uplinks, on {@link #spineUplinkPorts()}, spread evenly over the super-spines. */
  private void cableSuperSpines() {
    int spineUplinks = spec.spineUplinks();
    int[] ports = spineUplinkPorts();
    int[] nextSuperPort = new int[superCount];
    for (int g = 0; g < totalSpines; g++) {
      for (int k = 0; k < spineUplinks; k++) {
        int x = (int) (((long) g * spineUplinks + k) % superCount);
        cable(g, ports[k], totalSpines + totalLeaves + x, ++nextSuperPort[x]);
      }
    }
  }

  /**
   * A pod spine's uplink ports: above its highest downlink first, then the gaps that spine-port
   * lanes leave between its downlinks, lowest first, so that the spines of a 2-tier fabric with two
   * lanes can join super-spines on the ports their second lane freed; beyond the budget if they are
   * too few (reported). A spec whose uplinks fit above its downlinks is wired as it always was.
   */
  private int[] spineUplinkPorts() {
    int[] ports = new int[spec.spineUplinks()];
    int n = 0;
    for (int p = highestSpineDown + 1; p <= spec.portsPerSwitch() && n < ports.length; p++) {
      ports[n++] = p;
    }
    for (int p = spineDownPorts.nextClearBit(1);
        p < highestSpineDown && n < ports.length;
        p = spineDownPorts.nextClearBit(p + 1)) {
      ports[n++] = p;
    }
    for (int p = spec.portsPerSwitch() + 1; n < ports.length; p++) {
      ports[n++] = p;
    }
    return ports;
  }

  /** One link from a lower switch's port to an upper switch's, unless either port is taken. */
  private void cable(int lower, int lowerPort, int upper, int upperPort) {
    Uplink user = new Uplink(nameStrings[lower], nameStrings[upper]);
    boolean ok = registry.claim(lower, lowerPort, 0, user);
    ok &= registry.claim(upper, upperPort, 0, user);
    if (ok) {
      links.add(new Link(names[lower], whole[lowerPort], names[upper], whole[upperPort]));
    }
  }

  /**
   * The GPU servers, rail-optimised: server s sits in rail group s / downlinks, on downlink s %
   * downlinks + 1 of each of the group's leaves, its GPU i on the group's leaf i (200G half 1 of
   * the port where the downlink is split).
   */
  private void attachServers() {
    int gpusPerServer = spec.gpusPerServer();
    int down = spec.leafDownlinks();
    int railGroups = totalLeaves / gpusPerServer;
    int serverCount = spec.servers() != null ? spec.servers() : railGroups * down;
    int serverWidth = width(serverCount, 3);
    for (int s = 0; s < serverCount; s++) {
      int group = s / down;
      int portNumber = s % down + 1;
      ServerName server = ServerName.numbered(s + 1, serverWidth);
      List<GpuId> ids = new ArrayList<>(gpusPerServer);
      for (int i = 0; i < gpusPerServer; i++) {
        int leaf = group * gpusPerServer + i;
        int leafIndex = totalSpines + leaf;
        GpuId id = GpuId.of(server, i);
        boolean breakout = breakouts.getOrDefault(leaf, Set.of()).contains(portNumber);
        PortName port = breakout ? PortName.twoHundred(portNumber, 1) : whole[portNumber];
        registry.claim(leafIndex, portNumber, breakout ? 1 : 0, id);
        ids.add(id);
        gpus.add(new Gpu(id, server, names[leafIndex], port, i));
      }
      servers.add(new GpuServer(server, group, ids));
    }
  }

  /** Who claimed a port, described only when a conflict is reported. */
  private record Uplink(String lower, String upper) {
    @Override
    public String toString() {
      return lower + " uplink to " + upper;
    }
  }
}
