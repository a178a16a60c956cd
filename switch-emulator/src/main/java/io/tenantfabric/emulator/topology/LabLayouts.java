package io.tenantfabric.emulator.topology;

import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.FabricSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Small fabrics of 8-port switches for the controller's lab tests, each a plain {@link FabricSpec}
 * so that a test can send the controller the very spec the emulator was built from: a growth
 * ({@code emulator-growth-a} grown into {@code emulator-growth-b}) and a mix of 200G and 400G
 * servers ({@code emulator-nic-speed}).
 */
final class LabLayouts {
  /** 2 spines, 4 leaves (4 down, 2 links up to each spine), 4 servers of 4 GPUs. */
  static final String GROWTH_A = "emulator-growth-a";

  /**
   * 4 spines, 8 leaves (4 down, 1 link up to each spine, 2 spine-port lanes), 8 servers of 4 GPUs:
   * {@link #GROWTH_A} grown, its leaves keeping their odd spine ports.
   */
  static final String GROWTH_B = "emulator-growth-b";

  /** 2 spines, 2 leaves, 4 servers of 2 GPUs; gpu-node-001 on 200G halves, the others on 400G. */
  static final String NIC_SPEED = "emulator-nic-speed";

  private static final Map<String, Supplier<FabricSpec>> SPECS = new LinkedHashMap<>();

  static {
    SPECS.put(
        GROWTH_A,
        () ->
            small(GROWTH_A)
                .spinesPerPod(2)
                .leavesPerPod(4)
                .leafUplinksPerSpine(2)
                .gpusPerServer(4)
                .build());
    SPECS.put(
        GROWTH_B,
        () ->
            small(GROWTH_B)
                .spinesPerPod(4)
                .leavesPerPod(8)
                .leafUplinksPerSpine(1)
                .spinePortLanes(2)
                .gpusPerServer(4)
                .build());
    SPECS.put(
        NIC_SPEED,
        () ->
            small(NIC_SPEED)
                .spinesPerPod(2)
                .leavesPerPod(2)
                .leafUplinksPerSpine(2)
                .gpusPerServer(2)
                .breakoutDownlinks(
                    List.of(new BreakoutPort("leaf-01", 1), new BreakoutPort("leaf-02", 1)))
                .build());
  }

  private LabLayouts() {}

  /** The names, in the order above. */
  static List<String> names() {
    return List.copyOf(SPECS.keySet());
  }

  /** The spec of lab layout {@code name}, a new instance each time; empty for any other name. */
  static Optional<FabricSpec> spec(String name) {
    Supplier<FabricSpec> s = SPECS.get(name);
    return s == null ? Optional.empty() : Optional.of(s.get());
  }

  /** 2 tiers of 8-port switches, 4 downlinks a leaf. */
  private static FabricSpec.Builder small(String name) {
    return FabricSpec.builder(name).tiers(2).portsPerSwitch(8).leafDownlinks(4);
  }
}
