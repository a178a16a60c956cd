package io.tenantfabric.model.topology;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.VniRange;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * An immutable, validated fabric built from a {@link FabricSpec}: switches, links, GPU servers and
 * GPUs, each GPU on exactly one leaf downlink port; lookups by name are hash-indexed.
 */
public final class Fabric {

  private final FabricSpec spec;
  private final List<Switch> switches;
  private final List<Switch> superSpines;
  private final List<Switch> spines;
  private final List<Switch> leaves;
  private final Map<SwitchName, Switch> switchByName;
  private final List<Link> links;
  private final Map<SwitchName, List<Link>> linksBySwitch;

  /** Per switch, its link ends by {@link #bit(PortName)}: a few words per switch. */
  private final Map<SwitchName, BitSet> linkEndsBySwitch;

  private final List<GpuServer> servers;
  private final Map<ServerName, Integer> serverIndex;
  private final List<Gpu> gpus;
  private final Map<GpuId, Integer> gpuIndex;
  private final Map<SwitchName, List<Gpu>> gpusByLeaf;
  private final Map<SwitchName, Set<Integer>> breakoutsByLeaf;
  private final VniRange vniRange;
  private final Ipv4Prefix tenantSupernet;
  private final int railGroups;

  Fabric(
      FabricSpec spec,
      List<Switch> superSpines,
      List<Switch> spines,
      List<Switch> leaves,
      List<Link> links,
      List<GpuServer> servers,
      List<Gpu> gpus,
      Map<SwitchName, Set<Integer>> breakoutsByLeaf,
      int railGroups) {
    this.spec = spec;
    this.superSpines = List.copyOf(superSpines);
    this.spines = List.copyOf(spines);
    this.leaves = List.copyOf(leaves);
    List<Switch> all = new ArrayList<>(superSpines.size() + spines.size() + leaves.size());
    all.addAll(spines);
    all.addAll(leaves);
    all.addAll(superSpines);
    this.switches = List.copyOf(all);
    Map<SwitchName, Switch> byName = new HashMap<>(all.size() * 2);
    for (Switch s : all) {
      byName.put(s.name(), s);
    }
    this.switchByName = Collections.unmodifiableMap(byName);
    this.links = List.copyOf(links);
    Map<SwitchName, List<Link>> bySwitch = new HashMap<>(all.size() * 2);
    Map<SwitchName, BitSet> ends = new HashMap<>(all.size() * 2);
    for (Link l : links) {
      bySwitch.computeIfAbsent(l.lower(), k -> new ArrayList<>()).add(l);
      bySwitch.computeIfAbsent(l.upper(), k -> new ArrayList<>()).add(l);
      ends.computeIfAbsent(l.lower(), k -> new BitSet()).set(bit(l.lowerPort()));
      ends.computeIfAbsent(l.upper(), k -> new BitSet()).set(bit(l.upperPort()));
    }
    bySwitch.replaceAll((k, v) -> List.copyOf(v));
    this.linksBySwitch = Collections.unmodifiableMap(bySwitch);
    this.linkEndsBySwitch = Collections.unmodifiableMap(ends);
    this.servers = List.copyOf(servers);
    Map<ServerName, Integer> sIndex = new HashMap<>(servers.size() * 2);
    for (int i = 0; i < servers.size(); i++) {
      sIndex.put(servers.get(i).name(), i);
    }
    this.serverIndex = Collections.unmodifiableMap(sIndex);
    this.gpus = List.copyOf(gpus);
    Map<GpuId, Integer> gIndex = new HashMap<>(gpus.size() * 2);
    Map<SwitchName, List<Gpu>> byLeaf = new HashMap<>(leaves.size() * 2);
    for (int i = 0; i < gpus.size(); i++) {
      Gpu g = gpus.get(i);
      gIndex.put(g.id(), i);
      byLeaf.computeIfAbsent(g.leaf(), k -> new ArrayList<>()).add(g);
    }
    // servers are wired in slot order, so each leaf's GPUs are already in port order
    byLeaf.replaceAll((k, v) -> List.copyOf(v));
    this.gpuIndex = Collections.unmodifiableMap(gIndex);
    this.gpusByLeaf = Collections.unmodifiableMap(byLeaf);
    Map<SwitchName, Set<Integer>> breakouts = new HashMap<>();
    breakoutsByLeaf.forEach((k, v) -> breakouts.put(k, Set.copyOf(v)));
    this.breakoutsByLeaf = Collections.unmodifiableMap(breakouts);
    this.vniRange = new VniRange(spec.vniFirst(), spec.vniLast());
    this.tenantSupernet = Ipv4Prefix.parse(spec.tenantSupernet());
    this.railGroups = railGroups;
  }

  /**
   * Builds and validates the fabric; throws {@link FabricValidationException} listing every
   * violation.
   */
  public static Fabric of(FabricSpec spec) {
    return FabricAssembler.assemble(spec);
  }

  public String name() {
    return spec.name();
  }

  public FabricSpec spec() {
    return spec;
  }

  /** Every switch: spines (pod spines in 3 tiers), then leaves, then super-spines, each by name. */
  public List<Switch> switches() {
    return switches;
  }

  /** Spines (pod spines in a 3-tier fabric), by name. */
  public List<Switch> spines() {
    return spines;
  }

  /** Leaves, by name. */
  public List<Switch> leaves() {
    return leaves;
  }

  /** Super-spines (empty in a 2-tier fabric), by name. */
  public List<Switch> superSpines() {
    return superSpines;
  }

  public Optional<Switch> switchNamed(SwitchName name) {
    return Optional.ofNullable(switchByName.get(name));
  }

  /** Every cable: leaf-to-spine links leaf by leaf, then pod-spine-to-super-spine links. */
  public List<Link> links() {
    return links;
  }

  /** The links with one end on the switch. */
  public List<Link> linksOf(SwitchName name) {
    return linksBySwitch.getOrDefault(name, List.of());
  }

  /** GPU servers in name order; a server's index here is its position. */
  public List<GpuServer> servers() {
    return servers;
  }

  public Optional<GpuServer> server(ServerName name) {
    Integer i = serverIndex.get(name);
    return i == null ? Optional.empty() : Optional.of(servers.get(i));
  }

  /**
   * Every GPU, server-major: GPU {@code i} of server {@code s} is at {@code s * gpusPerServer + i}.
   */
  public List<Gpu> gpus() {
    return gpus;
  }

  public Optional<Gpu> gpu(GpuId id) {
    Integer i = gpuIndex.get(id);
    return i == null ? Optional.empty() : Optional.of(gpus.get(i));
  }

  /** Position of the GPU in {@link #gpus()}, empty if the fabric has no such GPU. */
  public OptionalInt gpuIndex(GpuId id) {
    Integer i = gpuIndex.get(id);
    return i == null ? OptionalInt.empty() : OptionalInt.of(i);
  }

  /** GPUs cabled to a leaf, in port order (empty for a spine or an unknown name). */
  public List<Gpu> gpusOn(SwitchName leaf) {
    return gpusByLeaf.getOrDefault(leaf, List.of());
  }

  /**
   * Every port name that exists on the switch: each 400G port, or its two 200G sub-ports if broken
   * out.
   */
  public List<PortName> portsOf(SwitchName name) {
    if (!switchByName.containsKey(name)) {
      return List.of();
    }
    Set<Integer> breakouts = breakoutsByLeaf.getOrDefault(name, Set.of());
    List<PortName> ports = new ArrayList<>(spec.portsPerSwitch() + breakouts.size());
    for (int n = 1; n <= spec.portsPerSwitch(); n++) {
      if (breakouts.contains(n)) {
        ports.add(PortName.twoHundred(n, 1));
        ports.add(PortName.twoHundred(n, 2));
      } else {
        ports.add(PortName.fourHundred(n));
      }
    }
    return ports;
  }

  /**
   * What the port is for. {@link PortPurpose#FABRIC} when it is an end of a link; {@link
   * PortPurpose#GPU} for every leaf downlink (ports {@code 1..leafDownlinks}, both halves of a
   * breakout), whether a server is cabled to it or not: an empty slot is a server slot, so the
   * compiler keeps it scrubbed and whatever is plugged in later stays isolated until it is leased;
   * {@link PortPurpose#UNUSED} for any other port. Throws {@link IllegalArgumentException} for a
   * switch the fabric does not have.
   */
  public PortPurpose purposeOf(SwitchName switchName, PortName port) {
    Switch sw = switchByName.get(switchName);
    if (sw == null) {
      throw new IllegalArgumentException(switchName + " is not a switch of fabric " + name());
    }
    // a leaf's downlinks are never link ends (uplinks follow them), so the cheap test goes first
    if (sw.role() == SwitchRole.LEAF && port.number() <= spec.leafDownlinks()) {
      return PortPurpose.GPU;
    }
    BitSet ends = linkEndsBySwitch.get(switchName);
    return ends != null && ends.get(bit(port)) ? PortPurpose.FABRIC : PortPurpose.UNUSED;
  }

  /** A port's place among its switch's ports: whole port N and its two halves side by side. */
  private static int bit(PortName port) {
    return port.number() * 3 + port.subPort().orElse(0);
  }

  /** GPUs per server (also leaves per rail group). */
  public int gpusPerServer() {
    return spec.gpusPerServer();
  }

  /** Number of rail groups. */
  public int railGroups() {
    return railGroups;
  }

  public VniRange vniRange() {
    return vniRange;
  }

  public Ipv4Prefix tenantSupernet() {
    return tenantSupernet;
  }

  public int rocePriority() {
    return spec.rocePriority();
  }

  @Override
  public String toString() {
    return "Fabric["
        + name()
        + ": "
        + switches.size()
        + " switches, "
        + links.size()
        + " links, "
        + gpus.size()
        + " GPUs]";
  }
}
