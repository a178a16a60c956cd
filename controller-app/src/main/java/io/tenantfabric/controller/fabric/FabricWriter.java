package io.tenantfabric.controller.fabric;

import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.fabric.TopologyWriter;
import io.tenantfabric.model.topology.Fabric;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What a first definition and a growth both write, in their transaction: the fabric's topology
 * rows, the request's inventory ({@link InventoryWriter}), and one more desired generation for
 * every switch, so that the provisioner pushes the baseline to each switch new or changed.
 */
@Component
class FabricWriter {

  private final TopologyWriter topology;
  private final InventoryWriter inventory;
  private final SwitchRepository switches;

  FabricWriter(TopologyWriter topology, InventoryWriter inventory, SwitchRepository switches) {
    this.topology = topology;
    this.inventory = inventory;
    this.switches = switches;
  }

  /** Writes {@code target} and the request's inventory; returns the pinned keys replaced. */
  List<PinnedHostKeys.Change> write(DefineFabricRequest request, Fabric target, String fabric) {
    topology.write(TopologyMapping.rows(target));
    List<PinnedHostKeys.Change> replaced = inventory.write(request, fabric);
    switches.bumpDesiredGeneration(TopologyMapping.switchNames(target));
    return replaced;
  }
}
