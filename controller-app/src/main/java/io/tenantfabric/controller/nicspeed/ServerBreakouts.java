package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.fabric.FabricRewrite;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.operation.NicSpeedTarget;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The model step of a NIC speed change: the fabric's breakouts edited for the server (its entries
 * added for 200G, removed for 400G) in one intent transaction under the fabric row, through {@link
 * FabricRewrite}, so the stored ports, their speeds and the GPUs' ports follow. A spec that says so
 * already is left as it is, so a rerun writes nothing.
 */
@Component
class ServerBreakouts {

  private final FabricRepository fabrics;
  private final FabricRewrite rewrite;
  private final IntentTransactions intents;
  private final JsonMapper json;

  ServerBreakouts(
      FabricRepository fabrics,
      FabricRewrite rewrite,
      IntentTransactions intents,
      JsonMapper json) {
    this.fabrics = fabrics;
    this.rewrite = rewrite;
    this.intents = intents;
    this.json = json;
  }

  void write(NicSpeedTarget target) {
    intents.runLong(
        () -> {
          FabricEntity row =
              fabrics
                  .lockFabric()
                  .orElseThrow(() -> new IllegalStateException("the fabric is gone"));
          FabricSpec spec = json.readValue(row.specJson(), FabricSpec.class);
          FabricSpec edited = BreakoutEdit.respec(spec, target.ports(), target.speedGbps());
          if (!edited.equals(spec)) {
            rewrite.write(row, edited, Fabric.of(edited));
          }
          return null;
        });
  }
}
