package io.tenantfabric.model.verify;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The fabric's layer-2 segments as a union-find over ports, attachment circuits (a port's binding
 * into a VSI), VSIs and VNIs on every switch: two ports in one component can exchange frames,
 * however many switches and changes lie between them. Finds components holding ports of two tenants
 * (with one path between them as evidence) and VNIs carried by VSIs of two tenants.
 */
final class SegmentGraph {

  /**
   * The VSIs carrying one VNI in the order of their evidence lines as text ({@code <switch>: vsi
   * ...}): by switch name followed by its colon, so {@code leaf-10:} comes before {@code leaf-1:}.
   */
  private static final Comparator<Evidence.VniCarrier> CARRIER_ORDER =
      Comparator.comparing((Evidence.VniCarrier c) -> c.switchName() + ":")
          .thenComparing(Evidence.VniCarrier::vsi)
          .thenComparingInt(Evidence.VniCarrier::vni);

  private final Map<String, Integer> ids = new HashMap<>();
  private final List<Evidence> labels = new ArrayList<>();
  private int[] parent = new int[64];
  private final List<int[]> edges = new ArrayList<>();

  /** Port node to the tenant it is allocated to. */
  private final Map<Integer, String> portOwner = new HashMap<>();

  /** VNI to the tenants of the VSIs carrying it, each with where. */
  private final Map<Integer, TreeMap<String, TreeSet<Evidence.VniCarrier>>> vniCarriers =
      new TreeMap<>();

  /** VSI {@code name} of {@code tenant} on {@code sw} carries {@code vni}. */
  void vsi(String sw, String name, String tenant, int vni) {
    link(vsiNode(sw, name), node("vni " + vni, new Evidence.SegmentVni(vni)));
    vniCarriers
        .computeIfAbsent(vni, v -> new TreeMap<>())
        .computeIfAbsent(tenant, t -> new TreeSet<>(CARRIER_ORDER))
        .add(new Evidence.VniCarrier(sw, name, vni));
  }

  /** {@code port} on {@code sw} (allocated to {@code owner}, null when free) is bound to a VSI. */
  void bind(String sw, String port, String owner, int srvId, String vsi) {
    int p = node(sw + " port " + port, new Evidence.SegmentPort(sw, port, owner));
    int ac = node(sw + " ac " + port + " " + srvId, new Evidence.SegmentCircuit(sw, port, srvId));
    link(p, ac);
    link(ac, vsiNode(sw, vsi));
    if (owner != null) {
      portOwner.put(p, owner);
    }
  }

  /** VNIs carried by VSIs of two or more tenants: the tenants, and the VSIs as evidence. */
  Map<Integer, TreeMap<String, TreeSet<Evidence.VniCarrier>>> sharedVnis() {
    Map<Integer, TreeMap<String, TreeSet<Evidence.VniCarrier>>> out = new TreeMap<>();
    vniCarriers.forEach(
        (vni, carriers) -> {
          if (carriers.size() > 1) {
            out.put(vni, carriers);
          }
        });
    return out;
  }

  /** A component with ports of two or more tenants. */
  record Leak(TreeSet<String> tenants, List<Evidence> path) {}

  List<Leak> leaks() {
    Map<Integer, TreeMap<String, Integer>> byRoot = new TreeMap<>();
    portOwner.forEach(
        (port, owner) ->
            byRoot.computeIfAbsent(find(port), r -> new TreeMap<>()).merge(owner, port, Math::min));
    byRoot.values().removeIf(owners -> owners.size() < 2);
    if (byRoot.isEmpty()) {
      return List.of();
    }
    // one pass over the edges, for the leaking components only
    Map<Integer, List<Integer>> adjacent = new HashMap<>();
    for (int[] e : edges) {
      if (byRoot.containsKey(find(e[0]))) {
        adjacent.computeIfAbsent(e[0], k -> new ArrayList<>()).add(e[1]);
        adjacent.computeIfAbsent(e[1], k -> new ArrayList<>()).add(e[0]);
      }
    }
    List<Leak> out = new ArrayList<>();
    for (TreeMap<String, Integer> owners : byRoot.values()) {
      int from = owners.firstEntry().getValue();
      int to = owners.higherEntry(owners.firstKey()).getValue();
      out.add(new Leak(new TreeSet<>(owners.keySet()), path(adjacent, from, to)));
    }
    return out;
  }

  private List<Evidence> path(Map<Integer, List<Integer>> adjacent, int from, int to) {
    Map<Integer, Integer> previous = new HashMap<>();
    Deque<Integer> queue = new ArrayDeque<>(List.of(from));
    previous.put(from, from);
    while (!queue.isEmpty() && !previous.containsKey(to)) {
      int n = queue.poll();
      for (int m : adjacent.getOrDefault(n, List.of())) {
        if (previous.putIfAbsent(m, n) == null) {
          queue.add(m);
        }
      }
    }
    List<Evidence> path = new ArrayList<>();
    for (int n = to; ; n = previous.get(n)) {
      path.add(0, labels.get(n));
      if (n == from) {
        return path;
      }
    }
  }

  private int vsiNode(String sw, String name) {
    return node(sw + " vsi " + name, new Evidence.SegmentVsi(sw, name));
  }

  private int node(String key, Evidence label) {
    Integer id = ids.get(key);
    if (id != null) {
      return id;
    }
    int n = labels.size();
    ids.put(key, n);
    labels.add(label);
    if (n == parent.length) {
      parent = Arrays.copyOf(parent, n * 2);
    }
    parent[n] = n;
    return n;
  }

  private void link(int a, int b) {
    edges.add(new int[] {a, b});
    int ra = find(a);
    int rb = find(b);
    if (ra != rb) {
      parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }

  private int find(int n) {
    while (parent[n] != n) {
      parent[n] = parent[parent[n]];
      n = parent[n];
    }
    return n;
  }
}
