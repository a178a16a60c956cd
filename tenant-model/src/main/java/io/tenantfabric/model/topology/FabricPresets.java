package io.tenantfabric.model.topology;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** The named fabric specs shipped with the controller, from the H3C S9825-64D case study. */
public final class FabricPresets {

  /** The case study: 16 spines, 32 leaves (32 down, 2 links up to each spine), 1,024 GPUs. */
  public static final String H3C_S9825_1024 = "h3c-s9825-1024";

  /** The grown case study: 32 spines, 64 leaves (1 link up to each spine), 2,048 GPUs. */
  public static final String H3C_S9825_2048 = "h3c-s9825-2048";

  /** Three tiers: 10 pods of 32 leaves and 32 pod spines, 160 super-spines, 10,240 GPUs. */
  public static final String H3C_S9825_10240 = "h3c-s9825-10240";

  /**
   * The 2048 case study grown to three tiers and 10,240 GPUs without replacing a switch: the 2048
   * fabric's leaves and spines become pods 1 and 2 under their old names.
   */
  public static final String H3C_S9825_10240_GROWN = "h3c-s9825-10240-grown";

  private static final Map<String, Supplier<FabricSpec>> PRESETS = new LinkedHashMap<>();

  static {
    PRESETS.put(
        H3C_S9825_1024,
        () ->
            FabricSpec.builder(H3C_S9825_1024)
                .spinesPerPod(16)
                .leavesPerPod(32)
                .leafDownlinks(32)
                .leafUplinksPerSpine(2)
                .build());
    // Two spine-port lanes: leaves 1..32 keep the odd spine ports they had in the 1024 fabric,
    // leaves 33..64 take the even ports freed when each old leaf's second link moves to a new
    // spine, so the growth keeps half of the cables where they are (see GrowthPlanner).
    PRESETS.put(
        H3C_S9825_2048,
        () ->
            FabricSpec.builder(H3C_S9825_2048)
                .spinesPerPod(32)
                .leavesPerPod(64)
                .leafDownlinks(32)
                .leafUplinksPerSpine(1)
                .spinePortLanes(2)
                .build());
    PRESETS.put(
        H3C_S9825_10240,
        () ->
            FabricSpec.builder(H3C_S9825_10240)
                .tiers(3)
                .pods(10)
                .spinesPerPod(32)
                .leavesPerPod(32)
                .superSpines(160)
                .leafDownlinks(32)
                .leafUplinksPerSpine(1)
                .spineUplinks(32)
                .build());
    // The 10240 layout reached from the 2048 preset live (docs/model.md, section 3): two spine-port
    // lanes keep pod 1's leaves on the odd spine ports they had, the even ports their old pod-2
    // neighbours leave become the super-spine uplinks, and 2-digit names keep every old name.
    PRESETS.put(
        H3C_S9825_10240_GROWN,
        () ->
            FabricSpec.builder(H3C_S9825_10240_GROWN)
                .tiers(3)
                .pods(10)
                .spinesPerPod(32)
                .leavesPerPod(32)
                .superSpines(160)
                .leafDownlinks(32)
                .leafUplinksPerSpine(1)
                .spineUplinks(32)
                .spinePortLanes(2)
                .nameDigits(2)
                .build());
  }

  private FabricPresets() {}

  /** The spec of a preset; throws {@link UnknownPresetException} for an unknown name. */
  public static FabricSpec named(String preset) {
    Supplier<FabricSpec> spec = PRESETS.get(preset);
    if (spec == null) {
      throw new UnknownPresetException(preset, names());
    }
    return spec.get();
  }

  /** The preset names, smallest fabric first. */
  public static Set<String> names() {
    return Collections.unmodifiableSet(new LinkedHashSet<>(PRESETS.keySet()));
  }
}
