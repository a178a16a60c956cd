package io.tenantfabric.model.topology;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Wires a {@link FabricSpec} into a {@link Fabric}, collecting every rule it breaks. */
final class FabricAssembler {

  private static final int PORT_SPEED_GBPS = 400;

  private final FabricSpec spec;
  private final List<FabricViolation> violations = new ArrayList<>();

  private FabricAssembler(FabricSpec spec) {
    this.spec = spec;
  }

  static Fabric assemble(FabricSpec spec) {
    if (spec == null) {
      throw new IllegalArgumentException("fabric spec is required");
    }
    return new FabricAssembler(spec).build();
  }

  private Fabric build() {
    checkStructure();
    checkPools();
    if (!violations.isEmpty()) {
      throw new FabricValidationException(violations);
    }
    Fabric fabric = wire();
    long gpuCount = fabric.gpus().size();
    long vnis = (long) spec.vniLast() - spec.vniFirst() + 1;
    if (vnis < gpuCount) {
      violate(
          "vniFirst..vniLast",
          "vni-range-size",
          "VNI range "
              + spec.vniFirst()
              + ".."
              + spec.vniLast()
              + " holds "
              + vnis
              + " VNIs, fewer than one per GPU ("
              + gpuCount
              + ")");
    }
    // one tenant per card needs one /29 per GPU (PrefixAllocator's smallest prefix)
    long neededAddresses = gpuCount * 8;
    if (Ipv4Prefix.parse(spec.tenantSupernet()).size() < neededAddresses) {
      violate(
          "tenantSupernet",
          "tenant-supernet-size",
          "tenant supernet "
              + spec.tenantSupernet()
              + " is too small for one /29 per GPU ("
              + gpuCount
              + " GPUs need "
              + neededAddresses
              + " addresses)");
    }
    if (!violations.isEmpty()) {
      throw new FabricValidationException(violations);
    }
    return fabric;
  }

  private void violate(String element, String rule, String message) {
    violations.add(new FabricViolation(element, rule, message));
  }

  private void positive(String field, int value) {
    if (value < 1) {
      violate(field, "count-positive", field + " must be at least 1, was " + value);
    }
  }

  private void checkStructure() {
    if (spec.name() == null || spec.name().isBlank()) {
      violate("name", "name", "fabric name is required");
    }
    int tiers = spec.tiers();
    if (tiers != 2 && tiers != 3) {
      violate("tiers", "tiers", "tiers must be 2 or 3, was " + tiers);
    }
    positive("pods", spec.pods());
    positive("spinesPerPod", spec.spinesPerPod());
    positive("leavesPerPod", spec.leavesPerPod());
    positive("portsPerSwitch", spec.portsPerSwitch());
    positive("leafDownlinks", spec.leafDownlinks());
    positive("leafUplinksPerSpine", spec.leafUplinksPerSpine());
    positive("spinePortLanes", spec.spinePortLanes());
    positive("gpusPerServer", spec.gpusPerServer());
    if (spec.servers() != null) {
      positive("servers", spec.servers());
    }
    if (tiers == 2) {
      if (spec.pods() != 1) {
        violate("pods", "tiers", "a 2-tier fabric has exactly 1 pod, was " + spec.pods());
      }
      if (spec.superSpines() != 0 || spec.spineUplinks() != 0) {
        violate("superSpines", "tiers", "a 2-tier fabric has no super-spines or spine uplinks");
      }
    } else if (tiers == 3) {
      positive("superSpines", spec.superSpines());
      positive("spineUplinks", spec.spineUplinks());
    }
    if (spec.gpusPerServer() > 64) {
      violate("gpusPerServer", "count-positive", "gpusPerServer must be at most 64");
    }
    if (!violations.isEmpty()) {
      return;
    }
    // before anything is wired: a typo in a count must not allocate gigabytes
    FabricSize size = FabricSize.of(spec);
    long portsPerSwitch = Math.max(spec.portsPerSwitch(), spec.leafDownlinks());
    if (!size.fitsIn(FabricSize.LIMIT) || portsPerSwitch > FabricSize.MAX_PORTS_PER_SWITCH) {
      FabricSize max = FabricSize.LIMIT;
      violate(
          "spec",
          "fabric-size",
          "the fabric would have "
              + size.switches()
              + " switches, "
              + size.ports()
              + " ports ("
              + portsPerSwitch
              + " per switch) and "
              + size.gpus()
              + " GPUs; at most "
              + max.switches()
              + " switches, "
              + max.ports()
              + " ports ("
              + FabricSize.MAX_PORTS_PER_SWITCH
              + " per switch) and "
              + max.gpus()
              + " GPUs are supported (twice the largest preset)");
      return;
    }
    if (spec.spinePortLanes() > spec.portsPerSwitch()) {
      violate(
          "spinePortLanes",
          "port-budget",
          "spinePortLanes "
              + spec.spinePortLanes()
              + " exceeds portsPerSwitch "
              + spec.portsPerSwitch());
    }
    if (spec.leavesPerPod() % spec.gpusPerServer() != 0) {
      violate(
          "leavesPerPod",
          "rail-groups",
          "leavesPerPod "
              + spec.leavesPerPod()
              + " must be a multiple of gpusPerServer "
              + spec.gpusPerServer()
              + " so that every rail group of leaves lies within one pod");
      return;
    }
    long slots = (long) spec.totalLeaves() / spec.gpusPerServer() * spec.leafDownlinks();
    if (spec.servers() != null && spec.servers() > slots) {
      violate(
          "servers",
          "servers",
          "servers "
              + spec.servers()
              + " exceed the "
              + slots
              + " server slots (rail groups x leafDownlinks)");
    }
  }

  private void checkPools() {
    double ratio = spec.oversubscription();
    if (Double.isNaN(ratio) || Double.isInfinite(ratio) || ratio < 1.0) {
      violate(
          "oversubscription",
          "oversubscription",
          "allowed oversubscription must be a ratio >= 1.0 (1.0 = 1:1), was " + ratio);
    }
    int first = spec.vniFirst();
    int last = spec.vniLast();
    if (first < 1 || last > Vni.MAX || first > last) {
      violate(
          "vniFirst..vniLast",
          "vni-range",
          "VNI range "
              + first
              + ".."
              + last
              + " must satisfy 1 <= vniFirst <= vniLast <= "
              + Vni.MAX);
    }
    try {
      Ipv4Prefix.parse(spec.tenantSupernet());
    } catch (IllegalArgumentException e) {
      violate("tenantSupernet", "tenant-supernet", "tenant supernet is invalid: " + e.getMessage());
    }
    int prio = spec.rocePriority();
    if (prio < 0 || prio > 7) {
      violate(
          "rocePriority",
          "roce-priority",
          "rocePriority must be an 802.1p priority 0..7, was " + prio);
    }
  }

  /** Who claimed a port, described only when a conflict is reported. */
  private record Uplink(String lower, String upper) {
    @Override
    public String toString() {
      return lower + " uplink to " + upper;
    }
  }

  private static int width(int count, int minimum) {
    return Math.max(minimum, Integer.toString(count).length());
  }

  private Fabric wire() {
    final int ports = spec.portsPerSwitch();
    final int pods = spec.pods();
    final int spinesPerPod = spec.spinesPerPod();
    final int leavesPerPod = spec.leavesPerPod();
    final int totalSpines = spec.totalSpines();
    final int totalLeaves = spec.totalLeaves();
    final int superCount = spec.tiers() == 3 ? spec.superSpines() : 0;
    final boolean threeTier = spec.tiers() == 3;
    final int down = spec.leafDownlinks();
    final int perSpine = spec.leafUplinksPerSpine();
    final int lanes = spec.spinePortLanes();
    final int blocks = ports / lanes;

    SwitchName[] names = new SwitchName[totalSpines + totalLeaves + superCount];
    String[] nameStrings = new String[names.length];
    List<Switch> spines = new ArrayList<>(totalSpines);
    List<Switch> leaves = new ArrayList<>(totalLeaves);
    List<Switch> supers = new ArrayList<>(superCount);
    int spineWidth = width(totalSpines, 2);
    int leafWidth = width(totalLeaves, 2);
    for (int s = 0; s < totalSpines; s++) {
      names[s] = SwitchName.numbered("spine", s + 1, spineWidth);
      spines.add(new Switch(names[s], SwitchRole.SPINE, threeTier ? s / spinesPerPod + 1 : 0));
    }
    for (int l = 0; l < totalLeaves; l++) {
      int i = totalSpines + l;
      names[i] = SwitchName.numbered("leaf", l + 1, leafWidth);
      leaves.add(new Switch(names[i], SwitchRole.LEAF, threeTier ? l / leavesPerPod + 1 : 0));
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
    Map<String, Integer> leafIndexByName = new HashMap<>(totalLeaves * 2);
    for (int l = 0; l < totalLeaves; l++) {
      leafIndexByName.put(nameStrings[totalSpines + l], l);
    }

    PortRegistry registry = new PortRegistry(nameStrings, ports, violations);
    PortName[] whole = new PortName[ports + 1];
    for (int n = 1; n <= ports; n++) {
      whole[n] = PortName.fourHundred(n);
    }

    // breakout downlinks
    Map<Integer, Set<Integer>> breakouts = new HashMap<>();
    for (BreakoutPort b : spec.breakoutDownlinks()) {
      String element = (b == null ? "null" : b.leaf() + " FourHundredGigE1/0/" + b.port());
      Integer leaf = b == null ? null : leafIndexByName.get(b.leaf());
      if (leaf == null) {
        violate(
            element, "breakout-downlink", "breakout " + element + " names no leaf of this fabric");
      } else if (b.port() < 1 || b.port() > down) {
        violate(
            element,
            "breakout-downlink",
            "breakout "
                + element
                + " is not a downlink: only leaf downlinks 1.."
                + down
                + " may be split 1:2");
      } else if (!breakouts.computeIfAbsent(leaf, k -> new HashSet<>()).add(b.port())) {
        violate(element, "port-unique", element + " is listed twice as a breakout port");
      }
    }

    List<Link> links =
        new ArrayList<>(totalLeaves * spinesPerPod * perSpine + totalSpines * spec.spineUplinks());
    int uplinks = spinesPerPod * perSpine;
    int highestSpineDown = 0;
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
        Uplink user = new Uplink(nameStrings[leafIndex], nameStrings[spine]);
        boolean ok = registry.claim(leafIndex, leafPort, 0, user);
        ok &= registry.claim(spine, spinePort, 0, user);
        if (ok) {
          links.add(new Link(names[leafIndex], whole[leafPort], names[spine], whole[spinePort]));
        }
      }
    }
    if (threeTier) {
      int spineUplinks = spec.spineUplinks();
      int[] nextSuperPort = new int[superCount];
      for (int g = 0; g < totalSpines; g++) {
        for (int k = 0; k < spineUplinks; k++) {
          int x = (int) (((long) g * spineUplinks + k) % superCount);
          int superIndex = totalSpines + totalLeaves + x;
          int spinePort = highestSpineDown + k + 1;
          int superPort = ++nextSuperPort[x];
          Uplink user = new Uplink(nameStrings[g], nameStrings[superIndex]);
          boolean ok = registry.claim(g, spinePort, 0, user);
          ok &= registry.claim(superIndex, superPort, 0, user);
          if (ok) {
            links.add(new Link(names[g], whole[spinePort], names[superIndex], whole[superPort]));
          }
        }
      }
    }

    // GPU servers, rail-optimised
    int gpusPerServer = spec.gpusPerServer();
    int railGroups = totalLeaves / gpusPerServer;
    int serverCount = spec.servers() != null ? spec.servers() : railGroups * down;
    int serverWidth = width(serverCount, 3);
    List<GpuServer> servers = new ArrayList<>(serverCount);
    List<Gpu> gpus = new ArrayList<>(serverCount * gpusPerServer);
    for (int s = 0; s < serverCount; s++) {
      int group = s / down;
      int slot = s % down;
      int portNumber = slot + 1;
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
    registry.reportBudget();

    checkOversubscription(leaves, down, uplinks, "leaf");
    if (threeTier) {
      checkOversubscription(spines, highestSpineDown, spec.spineUplinks(), "pod spine");
    }
    if (!violations.isEmpty()) {
      throw new FabricValidationException(violations);
    }
    Map<SwitchName, Set<Integer>> breakoutsByLeaf = new HashMap<>();
    breakouts.forEach((leaf, set) -> breakoutsByLeaf.put(names[totalSpines + leaf], set));
    return new Fabric(
        spec, supers, spines, leaves, links, servers, gpus, breakoutsByLeaf, railGroups);
  }

  private void checkOversubscription(
      List<Switch> switches, int downPorts, int upPorts, String kind) {
    double allowed = spec.oversubscription();
    double ratio = (double) downPorts / upPorts;
    if (ratio <= allowed + 1e-9) {
      return;
    }
    for (Switch s : switches) {
      violate(
          s.name().value(),
          "oversubscription",
          String.format(
              java.util.Locale.ROOT,
              "%s %s is oversubscribed: %d x %dG down vs %d x %dG up is %.2f:1, allowed %.2f:1",
              kind,
              s.name(),
              downPorts,
              PORT_SPEED_GBPS,
              upPorts,
              PORT_SPEED_GBPS,
              ratio,
              allowed));
    }
  }
}
