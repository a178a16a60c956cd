package io.tenantfabric.model.topology;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rules a {@link FabricSpec} must keep, each broken one collected as a {@link FabricViolation}
 * (element, rule, message) so that a refusal lists them all: the structure and its size before
 * anything is wired, the pools' ranges, and once wired the oversubscription of each switch and the
 * pools' sizes against the GPU count. The port budget and the port uniqueness are checked while
 * wiring ({@link PortRegistry}), into the same list.
 */
final class FabricSpecRules {

  private static final int PORT_SPEED_GBPS = 400;

  private final FabricSpec spec;
  private final List<FabricViolation> violations = new ArrayList<>();

  FabricSpecRules(FabricSpec spec) {
    this.spec = spec;
  }

  /** The list every rule, and the port registry, adds to. */
  List<FabricViolation> violations() {
    return violations;
  }

  /** Throws the violations found so far, if any. */
  void throwIfAny() {
    if (!violations.isEmpty()) {
      throw new FabricValidationException(violations);
    }
  }

  void violate(String element, String rule, String message) {
    violations.add(new FabricViolation(element, rule, message));
  }

  private void positive(String field, int value) {
    if (value < 1) {
      violate(field, "count-positive", field + " must be at least 1, was " + value);
    }
  }

  void checkStructure() {
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
    if (spec.nameDigits() != null && (spec.nameDigits() < 1 || spec.nameDigits() > 9)) {
      violate("nameDigits", "name-digits", "nameDigits must be 1..9, was " + spec.nameDigits());
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

  void checkPools() {
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

  /** Once wired: one VNI and one /29 per GPU, so that every card can be a tenant of its own. */
  void checkPoolSizes(long gpuCount) {
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
  }

  void checkOversubscription(List<Switch> switches, int downPorts, int upPorts, String kind) {
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
              Locale.ROOT,
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
