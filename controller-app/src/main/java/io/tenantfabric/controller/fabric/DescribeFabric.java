package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.drift.DriftJson;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.GpuEntity;
import io.tenantfabric.db.fabric.GpuRepository;
import io.tenantfabric.db.fabric.SwitchEntity;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.provisioning.SwitchStates;
import io.tenantfabric.db.provisioning.SwitchStatus;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.stereotype.Component;

/** Reads the fabric: switches with generations, occupancy per leaf and totals. */
@Component
class DescribeFabric {

  private final SwitchStates provisioning;

  private final Transactions tx;

  private final FabricModels models;
  private final SwitchRepository switches;
  private final GpuRepository gpus;
  private final AllocationRepository allocations;

  DescribeFabric(
      FabricModels models,
      SwitchRepository switches,
      GpuRepository gpus,
      AllocationRepository allocations,
      Transactions tx,
      SwitchStates provisioning) {
    this.provisioning = provisioning;
    this.tx = tx;
    this.models = models;
    this.switches = switches;
    this.gpus = gpus;
    this.allocations = allocations;
  }

  FabricView describe() {
    return tx.read(
        () -> {
          FabricEntity row = models.defined();
          Set<String> busy = new HashSet<>(allocations.findBusyGpuIds());
          List<FabricView.SwitchView> views = new ArrayList<>();
          Set<String> drained = new HashSet<>();
          int leaves = 0;
          int outOfSync = 0;
          Map<String, SwitchStatus> statuses = provisioning.statuses();
          for (SwitchEntity s : switches.findAllByOrderByNameAsc()) {
            SwitchStatus st = statuses.get(s.name());
            if (s.drained()) {
              drained.add(s.name());
            }
            if ("LEAF".equals(s.role())) {
              leaves++;
            }
            boolean inSync = s.appliedGeneration() >= s.desiredGeneration();
            if (!inSync) {
              outOfSync++;
            }
            views.add(
                new FabricView.SwitchView(
                    s.name(),
                    s.role(),
                    s.pod(),
                    s.drained(),
                    s.desiredGeneration(),
                    s.appliedGeneration(),
                    inSync,
                    s.device().isEmpty()
                        ? "UNMANAGED"
                        : inSync ? st.state() : pendingState(st.state()),
                    st.lastErrorAt() == null
                        ? null
                        : new FabricView.LastError(
                            st.lastErrorAt(), st.lastErrorPhase(), st.lastError()),
                    st.lastVerifiedAt(),
                    st.unsavedSince(),
                    st.driftSince(),
                    DriftJson.lastDrift(st.lastDriftAt(), st.lastDriftJson()),
                    s.device()
                        .map(d -> new FabricView.Device(d.host(), d.port(), d.hostKeySha256()))
                        .orElse(null)));
          }
          Map<String, int[]> perLeaf = new TreeMap<>(); // total, allocated, cordoned, free
          for (GpuEntity g : gpus.findAll()) {
            int[] c = perLeaf.computeIfAbsent(g.leaf(), k -> new int[4]);
            c[0]++;
            if (busy.contains(g.id())) {
              c[1]++;
            } else if (g.cordoned()) {
              c[2]++;
            } else if (!drained.contains(g.leaf())) {
              c[3]++;
            }
          }
          int total = 0;
          int allocated = 0;
          int cordoned = 0;
          int free = 0;
          List<FabricView.LeafOccupancy> occupancy = new ArrayList<>();
          for (Map.Entry<String, int[]> e : perLeaf.entrySet()) {
            int[] c = e.getValue();
            occupancy.add(
                new FabricView.LeafOccupancy(
                    e.getKey(), drained.contains(e.getKey()), c[0], c[1], c[2], c[3]));
            total += c[0];
            allocated += c[1];
            cordoned += c[2];
            free += c[3];
          }
          return new FabricView(
              row.name(),
              row.revision(),
              row.createdAt(),
              row.updatedAt(),
              new FabricView.Totals(
                  views.size(),
                  leaves,
                  drained.size(),
                  total,
                  allocated,
                  cordoned,
                  free,
                  outOfSync),
              views,
              occupancy);
        });
  }

  // a switch behind its intent is PENDING unless something is wrong with it
  private static String pendingState(String stored) {
    return "IN_SYNC".equals(stored) ? "PENDING" : stored;
  }
}
