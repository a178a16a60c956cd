package io.tenantfabric.controller.fabric;

import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.fabric.TopologyWriter;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import java.time.Clock;
import org.springframework.stereotype.Component;

/**
 * Puts another spec in place of the stored one for a fabric operation that changes the fabric
 * itself (a growth applied, a server's NIC speed changed): the spec and revision on the fabric row,
 * the topology rows (switches, ports, links, servers and GPUs kept where they stay, inventory and
 * state of every existing switch kept) and one more desired generation for every switch, so that
 * the provisioner pushes whatever changed. Runs in the caller's intent transaction, which holds the
 * fabric row.
 */
@Component
public class FabricRewrite {

  private final FabricRepository fabrics;
  private final FabricModels models;
  private final TopologyWriter topology;
  private final SwitchRepository switches;
  private final Clock clock;

  FabricRewrite(
      FabricRepository fabrics,
      FabricModels models,
      TopologyWriter topology,
      SwitchRepository switches,
      Clock clock) {
    this.fabrics = fabrics;
    this.models = models;
    this.topology = topology;
    this.switches = switches;
    this.clock = clock;
  }

  /** Writes {@code target}, built from {@code spec}, over the fabric row {@code row}. */
  public void write(FabricEntity row, FabricSpec spec, Fabric target) {
    row.grow(target.name(), models.toJson(spec), clock.instant());
    fabrics.flush();
    topology.write(TopologyMapping.rows(target));
    switches.bumpDesiredGeneration(TopologyMapping.switchNames(target));
  }
}
