package io.tenantfabric.controller.cabling;

import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.provision.CablingFindings;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.lifecycle.CablingRow;
import io.tenantfabric.db.lifecycle.CablingStore;
import io.tenantfabric.db.lifecycle.GpuHolder;
import io.tenantfabric.model.lifecycle.CablePlan;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Reads the cabling as {@code GET /api/v1/fabric/cabling} shows it: the stored verdicts and the
 * allocations holding GPUs in one read-only snapshot, the plan and the links assembled after it.
 */
@Component
class ReadCabling {

  private final CablingStore cabling;
  private final FabricModels models;
  private final Transactions tx;

  ReadCabling(CablingStore cabling, FabricModels models, Transactions tx) {
    this.cabling = cabling;
    this.models = models;
    this.tx = tx;
  }

  private record Rows(Fabric fabric, List<CablingRow> rows, List<GpuHolder> holders) {}

  /** The page {@code query} asks for; 404 when there is no fabric. */
  CablingView read(CablingQuery query) {
    Rows r = tx.read(() -> new Rows(models.of(models.defined()), cabling.all(), cabling.holders()));
    Map<PortKey, GpuHolder> holderAt = new HashMap<>();
    r.holders().forEach(h -> holderAt.put(new PortKey(h.leaf(), h.port()), h));
    Map<PortKey, CablingView.Gpu> gpus = new HashMap<>();
    for (Gpu g : r.fabric().gpus()) {
      PortKey k = new PortKey(g.leaf().value(), g.port().value());
      GpuHolder h = holderAt.get(k);
      gpus.put(
          k,
          new CablingView.Gpu(
              g.id().value(),
              g.server().value(),
              g.nic(),
              h == null ? null : h.tenant(),
              h == null ? null : h.allocation().toString()));
    }
    List<CablingView.Link> links = CablingLinks.of(CablePlan.of(r.fabric()), r.rows(), gpus);
    List<CablingView.Link> inScope =
        query.switchName().isEmpty()
            ? links
            : links.stream()
                .filter(l -> CablingLinks.touches(l, query.switchName().get()))
                .toList();
    CablingLinks.Page page = CablingLinks.page(inScope, query);
    return new CablingView(
        CablingLinks.summary(inScope),
        page.links(),
        CablingFindings.of(r.rows(), r.holders()).stream().map(CablingFindingView::of).toList(),
        page.next());
  }
}
