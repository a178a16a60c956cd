package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.provision.SwitchFailure;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.GpuEntity;
import io.tenantfabric.db.fabric.GpuRepository;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.GpuHolds;
import io.tenantfabric.db.operation.PushProgress;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CablingState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * The last part of a growth step: its new GPUs join placement, all at once and only when each one's
 * leaf has been pushed (applied generation at least 1), is neither UNREACHABLE nor NOT_READY, and
 * the GPU's own cable checks OK or UNVERIFIED. Until then it says which leaf or cable it waits for;
 * an allocation asked for meanwhile is placed on GPUs already in service, or refused.
 */
@Component
class GrowthJoin {

  private final GpuRepository gpus;
  private final GpuHolds holds;
  private final FabricOperationStore operations;
  private final IntentGenerations generations;
  private final Transactions tx;

  GrowthJoin(
      GpuRepository gpus,
      GpuHolds holds,
      FabricOperationStore operations,
      IntentGenerations generations,
      Transactions tx) {
    this.gpus = gpus;
    this.holds = holds;
    this.operations = operations;
    this.generations = generations;
    this.tx = tx;
  }

  /** What the GPUs wait for; empty once they joined. */
  List<String> attempt(List<String> gpuIds, GrowthCabling.Sight sight) {
    if (gpuIds.isEmpty()) {
      return List.of();
    }
    Map<String, List<GpuEntity>> byLeaf =
        tx.read(() -> gpus.findAllAmong(gpuIds.toArray(String[]::new))).stream()
            .collect(Collectors.groupingBy(GpuEntity::leaf, TreeMap::new, Collectors.toList()));
    List<String> waiting = new ArrayList<>();
    sight.read(byLeaf.keySet());
    for (Map.Entry<String, List<GpuEntity>> leaf : byLeaf.entrySet()) {
      String name = leaf.getKey();
      Optional<PushProgress> s = tx.read(() -> operations.pushProgress(name));
      if (s.isEmpty()
          || s.get().appliedGeneration() < 1
          || "UNREACHABLE".equals(s.get().state())
          || "NOT_READY".equals(s.get().state())) {
        waiting.add(
            name
                + " to be in service for its new GPUs ("
                + s.map(p -> p.state() + ", applied " + p.appliedGeneration()).orElse("gone")
                + ")");
        continue;
      }
      for (GpuEntity g : leaf.getValue()) {
        Optional<CableCheck> c;
        try {
          c = sight.check(name, g.port());
        } catch (RuntimeException e) {
          waiting.add(
              "LLDP of " + name + " to be read: " + SwitchFailure.of(name, "cabling", e).message());
          break;
        }
        CablingState state = c.map(CableCheck::state).orElse(CablingState.MISSING);
        if (state != CablingState.OK && state != CablingState.UNVERIFIED) {
          waiting.add(
              "the cable of GPU "
                  + g.id()
                  + " at "
                  + name
                  + " "
                  + g.port()
                  + ": "
                  + state
                  + c.flatMap(CableCheck::seen)
                      .map(e -> " (sees " + e.device() + " " + e.port() + ")")
                      .orElse(""));
        }
      }
    }
    if (!waiting.isEmpty()) {
      return waiting;
    }
    tx.write(
        () -> {
          generations.lockAgainstIntentChanges(); // placement's inputs change under the fabric lock
          holds.join(gpuIds);
          return null;
        });
    return List.of();
  }
}
