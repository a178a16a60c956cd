package io.tenantfabric.controller.allocation;

import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.fabric.GpuEntity;
import io.tenantfabric.db.fabric.GpuRepository;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.db.provisioning.SwitchProgress;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** Maps stored allocations to {@link AllocationView}s, reading their GPUs' leaf ports. */
@Component
class AllocationViews {

  private final GpuRepository gpus;
  private final ProvisioningStore provisioning;

  AllocationViews(GpuRepository gpus, ProvisioningStore provisioning) {
    this.gpus = gpus;
    this.provisioning = provisioning;
  }

  AllocationView of(AllocationEntity a, String tenant) {
    List<String> ids = a.gpuIds();
    Map<String, GpuEntity> byId =
        gpus.findByIdIn(ids).stream().collect(Collectors.toMap(GpuEntity::id, Function.identity()));
    List<AllocationView.GpuView> views =
        ids.stream()
            .map(byId::get)
            .sorted(Comparator.comparing(GpuEntity::server).thenComparing(GpuEntity::id))
            .map(g -> new AllocationView.GpuView(g.id(), g.server(), g.leaf(), g.port()))
            .toList();
    List<SwitchProgress> progress = provisioning.progressOf(a.id());
    boolean live = a.status().isLive();
    String health =
        live && progress.stream().anyMatch(p -> "UNREACHABLE".equals(p.state()))
            ? "DEGRADED"
            : "OK";
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
        pending,
        a.gpuCount(),
        views,
        a.failureReason().orElse(null),
        a.createdAt(),
        a.updatedAt());
  }
}
