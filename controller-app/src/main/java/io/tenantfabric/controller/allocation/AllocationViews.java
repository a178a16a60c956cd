package io.tenantfabric.controller.allocation;

import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationReader;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.fabric.GpuEntity;
import io.tenantfabric.db.fabric.GpuRepository;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.provisioning.SwitchProgress;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** Maps stored allocations to {@link AllocationView}s, reading their GPUs' leaf ports. */
@Component
class AllocationViews {

  private final GpuRepository gpus;
  private final IntentGenerations generations;

  AllocationViews(GpuRepository gpus, IntentGenerations generations) {
    this.gpus = gpus;
    this.generations = generations;
  }

  AllocationView of(AllocationEntity a, String tenant) {
    return ofAll(List.of(a), x -> tenant).get(0);
  }

  /** The view of an allocation read with its GPUs' places; its switches' progress read now. */
  AllocationView of(AllocationReader.Stored a, String tenant) {
    return of(a, tenant, generations.progressOfAll(List.of(a.id())).get(a.id()));
  }

  /** The views of allocations read with their GPUs' places, their progress read once for all. */
  Map<UUID, AllocationView> ofAllNamed(List<AllocationReader.Named> all) {
    Map<UUID, AllocationView> out = new HashMap<>();
    if (all.isEmpty()) {
      return out;
    }
    Map<UUID, List<SwitchProgress>> progress =
        generations.progressOfAll(all.stream().map(n -> n.allocation().id()).toList());
    for (AllocationReader.Named n : all) {
      UUID id = n.allocation().id();
      out.put(id, of(n.allocation(), n.tenant(), progress.get(id)));
    }
    return out;
  }

  /**
   * The views of {@code all}, in their order, their GPUs' places and their switches' progress read
   * once for all of them.
   */
  List<AllocationView> ofAll(
      List<AllocationEntity> all, Function<AllocationEntity, String> tenantOf) {
    if (all.isEmpty()) {
      return List.of();
    }
    Set<String> ids = new HashSet<>();
    all.forEach(a -> ids.addAll(a.gpuIds()));
    Map<String, GpuEntity> byId =
        gpus.findAllAmong(ids.toArray(String[]::new)).stream()
            .collect(Collectors.toMap(GpuEntity::id, Function.identity()));
    Map<UUID, List<SwitchProgress>> progress =
        generations.progressOfAll(all.stream().map(AllocationEntity::id).toList());
    return all.stream()
        .map(
            a ->
                of(
                    stored(
                        a,
                        a.gpuIds().stream()
                            .map(byId::get)
                            .map(
                                g ->
                                    new AllocationReader.PlacedGpu(
                                        g.id(), g.server(), g.leaf(), g.port()))
                            .toList()),
                    tenantOf.apply(a),
                    progress.get(a.id())))
        .toList();
  }

  /**
   * The view of an allocation just made, its GPUs' places taken from the fabric model the decision
   * used (the gpus rows are derived from it) and its switches' progress as its generations were
   * recorded, instead of read back.
   */
  AllocationView of(
      AllocationEntity a, String tenant, Fabric fabric, List<SwitchProgress> progress) {
    return of(
        stored(
            a,
            a.gpuIds().stream()
                .map(id -> fabric.gpu(new GpuId(id)).orElseThrow())
                .map(
                    g ->
                        new AllocationReader.PlacedGpu(
                            g.id().value(), g.server().value(), g.leaf().value(), g.port().value()))
                .toList()),
        tenant,
        progress);
  }

  /** The entity as the reader's record, with its GPUs' places found elsewhere. */
  private static AllocationReader.Stored stored(
      AllocationEntity a, List<AllocationReader.PlacedGpu> gpus) {
    return new AllocationReader.Stored(
        a.id(),
        a.status(),
        a.gpuCount(),
        a.failureReason().orElse(null),
        a.createdAt(),
        a.updatedAt(),
        gpus,
        a.health(),
        a.healthReasonsJson());
  }

  private AllocationView of(
      AllocationReader.Stored a, String tenant, List<SwitchProgress> progress) {
    List<AllocationView.GpuView> views =
        a.gpus().stream()
            .map(g -> new AllocationView.GpuView(g.id(), g.server(), g.leaf(), g.port()))
            .sorted(
                Comparator.comparing(AllocationView.GpuView::server)
                    .thenComparing(AllocationView.GpuView::id))
            .toList();
    // kept by the database for live allocations; one no longer live holds nothing to degrade
    boolean live = a.status().isLive();
    List<AllocationView.HealthReason> reasons =
        live ? HealthReasons.read(a.healthReasonsJson()) : List.of();
    String health = reasons.isEmpty() ? "OK" : "DEGRADED";
    List<String> pending =
        a.status() == AllocationStatus.PROVISIONING || a.status() == AllocationStatus.RELEASING
            ? progress.stream()
                .filter(SwitchProgress::pending)
                .map(SwitchProgress::switchName)
                .toList()
            : List.of();
    return new AllocationView(
        a.id(),
        tenant,
        a.status().name(),
        health,
        reasons,
        pending,
        a.gpuCount(),
        views,
        a.failureReason(),
        a.createdAt(),
        a.updatedAt());
  }
}
