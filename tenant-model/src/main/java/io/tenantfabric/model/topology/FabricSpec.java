package io.tenantfabric.model.topology;

import java.util.List;

/**
 * The declarative description of a fabric, plain values only so that a JSON body maps onto it;
 * {@link Fabric#of(FabricSpec)} builds and validates the topology. Boxed fields are optional and
 * take their documented default when null; nothing is validated here.
 *
 * <p>How a spec is wired: {@code FabricAssembler}, and docs/model.md section 1.
 *
 * @param name fabric name, e.g. the preset name
 * @param tiers 2 (leaf-spine) or 3 (pods and super-spines); default 2
 * @param pods number of pods, 1 for 2 tiers; default 1
 * @param spinesPerPod spines (2 tiers) or pod spines per pod (3 tiers)
 * @param leavesPerPod leaves per pod (all leaves for 2 tiers)
 * @param superSpines super-spines (3 tiers only); default 0
 * @param portsPerSwitch front-panel 400G ports per switch; default 64 (S9825-64D)
 * @param leafDownlinks GPU-facing ports per leaf, ports 1..leafDownlinks
 * @param leafUplinksPerSpine links from each leaf to each spine of its pod
 * @param spineUplinks uplinks from each pod spine to the super-spines (3 tiers only); default 0
 * @param spinePortLanes spine port interleave, see above; default {@code leafUplinksPerSpine}
 * @param gpusPerServer GPUs (one NIC each) per server, also the leaves per rail group; default 8
 * @param servers number of GPU servers; default every rail-group slot
 * @param breakoutDownlinks leaf downlinks split 1:2 into 200G sub-ports; default none
 * @param oversubscription allowed downlink:uplink capacity ratio per leaf and pod spine; default
 *     1.0
 * @param vniFirst first VNI handed to tenants; default 10000
 * @param vniLast last VNI handed to tenants; default 99999
 * @param tenantSupernet IPv4 supernet for tenant prefixes; default 10.0.0.0/8
 * @param rocePriority the lossless RoCEv2 802.1p priority, 0..7; default 3
 * @param nameDigits the digits switch and server numbers are padded to (at least 2 for spines and
 *     leaves, 3 for super-spines and servers; a larger number is written in full); default as many
 *     as the largest count needs, so that name order is number order. Set it to keep the names of a
 *     smaller fabric when growing it past a power of ten (docs/model.md, section 3)
 */
public record FabricSpec(
    String name,
    Integer tiers,
    Integer pods,
    int spinesPerPod,
    int leavesPerPod,
    Integer superSpines,
    Integer portsPerSwitch,
    int leafDownlinks,
    int leafUplinksPerSpine,
    Integer spineUplinks,
    Integer spinePortLanes,
    Integer gpusPerServer,
    Integer servers,
    List<BreakoutPort> breakoutDownlinks,
    Double oversubscription,
    Integer vniFirst,
    Integer vniLast,
    String tenantSupernet,
    Integer rocePriority,
    Integer nameDigits) {

  /** Default first tenant VNI. */
  public static final int DEFAULT_VNI_FIRST = 10000;

  /** Default last tenant VNI. */
  public static final int DEFAULT_VNI_LAST = 99999;

  /** Default tenant supernet. */
  public static final String DEFAULT_SUPERNET = "10.0.0.0/8";

  /** Default RoCEv2 priority. */
  public static final int DEFAULT_ROCE_PRIORITY = 3;

  public FabricSpec {
    tiers = tiers == null ? 2 : tiers;
    pods = pods == null ? 1 : pods;
    superSpines = superSpines == null ? 0 : superSpines;
    portsPerSwitch = portsPerSwitch == null ? 64 : portsPerSwitch;
    spineUplinks = spineUplinks == null ? 0 : spineUplinks;
    spinePortLanes = spinePortLanes == null ? leafUplinksPerSpine : spinePortLanes;
    gpusPerServer = gpusPerServer == null ? 8 : gpusPerServer;
    breakoutDownlinks = breakoutDownlinks == null ? List.of() : List.copyOf(breakoutDownlinks);
    oversubscription = oversubscription == null ? 1.0 : oversubscription;
    vniFirst = vniFirst == null ? DEFAULT_VNI_FIRST : vniFirst;
    vniLast = vniLast == null ? DEFAULT_VNI_LAST : vniLast;
    tenantSupernet = tenantSupernet == null ? DEFAULT_SUPERNET : tenantSupernet;
    rocePriority = rocePriority == null ? DEFAULT_ROCE_PRIORITY : rocePriority;
  }

  /** A builder starting from a 2-tier spec with every optional field at its default. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** A builder holding every field of this spec, to derive a variant. */
  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.tiers = tiers;
    b.pods = pods;
    b.spinesPerPod = spinesPerPod;
    b.leavesPerPod = leavesPerPod;
    b.superSpines = superSpines;
    b.portsPerSwitch = portsPerSwitch;
    b.leafDownlinks = leafDownlinks;
    b.leafUplinksPerSpine = leafUplinksPerSpine;
    b.spineUplinks = spineUplinks;
    b.spinePortLanes = spinePortLanes;
    b.gpusPerServer = gpusPerServer;
    b.servers = servers;
    b.breakoutDownlinks = breakoutDownlinks;
    b.oversubscription = oversubscription;
    b.vniFirst = vniFirst;
    b.vniLast = vniLast;
    b.tenantSupernet = tenantSupernet;
    b.rocePriority = rocePriority;
    b.nameDigits = nameDigits;
    return b;
  }

  /** Total leaves over all pods. */
  public int totalLeaves() {
    return pods * leavesPerPod;
  }

  /** Total spines (pod spines in 3 tiers) over all pods. */
  public int totalSpines() {
    return pods * spinesPerPod;
  }

  /** Builds a {@link FabricSpec} field by field; unset optional fields keep their defaults. */
  public static final class Builder {
    private String name;
    private Integer tiers;
    private Integer pods;
    private int spinesPerPod;
    private int leavesPerPod;
    private Integer superSpines;
    private Integer portsPerSwitch;
    private int leafDownlinks;
    private int leafUplinksPerSpine;
    private Integer spineUplinks;
    private Integer spinePortLanes;
    private Integer gpusPerServer;
    private Integer servers;
    private List<BreakoutPort> breakoutDownlinks;
    private Double oversubscription;
    private Integer vniFirst;
    private Integer vniLast;
    private String tenantSupernet;
    private Integer rocePriority;
    private Integer nameDigits;

    private Builder(String name) {
      this.name = name;
    }

    public Builder name(String v) {
      name = v;
      return this;
    }

    public Builder tiers(int v) {
      tiers = v;
      return this;
    }

    public Builder pods(int v) {
      pods = v;
      return this;
    }

    public Builder spinesPerPod(int v) {
      spinesPerPod = v;
      return this;
    }

    public Builder leavesPerPod(int v) {
      leavesPerPod = v;
      return this;
    }

    public Builder superSpines(int v) {
      superSpines = v;
      return this;
    }

    public Builder portsPerSwitch(int v) {
      portsPerSwitch = v;
      return this;
    }

    public Builder leafDownlinks(int v) {
      leafDownlinks = v;
      return this;
    }

    public Builder leafUplinksPerSpine(int v) {
      leafUplinksPerSpine = v;
      return this;
    }

    public Builder spineUplinks(int v) {
      spineUplinks = v;
      return this;
    }

    public Builder spinePortLanes(Integer v) {
      spinePortLanes = v;
      return this;
    }

    public Builder gpusPerServer(int v) {
      gpusPerServer = v;
      return this;
    }

    public Builder servers(Integer v) {
      servers = v;
      return this;
    }

    public Builder breakoutDownlinks(List<BreakoutPort> v) {
      breakoutDownlinks = v;
      return this;
    }

    public Builder oversubscription(double v) {
      oversubscription = v;
      return this;
    }

    public Builder vniRange(int first, int last) {
      vniFirst = first;
      vniLast = last;
      return this;
    }

    public Builder tenantSupernet(String v) {
      tenantSupernet = v;
      return this;
    }

    public Builder rocePriority(int v) {
      rocePriority = v;
      return this;
    }

    public Builder nameDigits(Integer v) {
      nameDigits = v;
      return this;
    }

    public FabricSpec build() {
      return new FabricSpec(
          name,
          tiers,
          pods,
          spinesPerPod,
          leavesPerPod,
          superSpines,
          portsPerSwitch,
          leafDownlinks,
          leafUplinksPerSpine,
          spineUplinks,
          spinePortLanes,
          gpusPerServer,
          servers,
          breakoutDownlinks,
          oversubscription,
          vniFirst,
          vniLast,
          tenantSupernet,
          rocePriority,
          nameDigits);
    }
  }
}
