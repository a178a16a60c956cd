package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.operation.NicSpeedTarget;
import io.tenantfabric.controller.operation.NicSpeedTarget.LeafPort;
import io.tenantfabric.controller.operation.OperationView;
import io.tenantfabric.controller.operation.OperationViews;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.GpuHolds;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.ServerName;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Starts a NIC_SPEED operation for a server, in one transaction under the fabric lock: the
 * operation holding the server's leaves, and the server's GPUs held out of placement by it (apart
 * from the operator's own cordon, which stays as it was); audited as {@code server.nic-speed}.
 * Refused, changing nothing: a speed other than 200 or 400 (422), an unknown server (404), a server
 * already at that speed (409), a GPU of it in a live allocation (409 naming the tenant and the
 * allocation; audited), a GPU or a leaf of it held by another operation (409 naming it). GPUs held
 * by a NIC speed change that failed or was cancelled are taken over: the new one converges.
 */
@Component
@Import(GpuHolds.class) // the app scans only its own packages (placement reads the holds too)
class ChangeNicSpeed {

  private final FabricModels models;
  private final ServerUse use;
  private final FabricOperationStore operations;
  private final GpuHolds holds;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Clock clock;
  private final JsonMapper json;

  ChangeNicSpeed(
      FabricModels models,
      ServerUse use,
      FabricOperationStore operations,
      GpuHolds holds,
      AuditTrail audit,
      IntentTransactions intents,
      Clock clock,
      JsonMapper json) {
    this.models = models;
    this.use = use;
    this.operations = operations;
    this.holds = holds;
    this.audit = audit;
    this.intents = intents;
    this.clock = clock;
    this.json = json;
  }

  OperationView change(String serverName, int speedGbps) {
    if (speedGbps != BreakoutEdit.SPLIT && speedGbps != BreakoutEdit.JOINED) {
      throw Refusal.unprocessable(
              "Unsupported NIC speed", "speedGbps must be 200 or 400, not " + speedGbps + ".")
          .field("speedGbps");
    }
    Actor actor = CurrentActor.get();
    return intents.run(
        () -> {
          Fabric fabric = models.lockDefined(); // the fabric row first, as every intent change
          GpuServer server =
              (serverName.matches(ServerName.REGEX)
                      ? fabric.server(new ServerName(serverName))
                      : Optional.<GpuServer>empty())
                  .orElseThrow(
                      () ->
                          Refusal.notFound(
                                  "Server not found",
                                  "The fabric has no server " + serverName + ".")
                              .field("server"));
          List<String> gpus = server.gpus().stream().map(GpuId::value).toList();
          List<ServerUse.Holder> holders = use.holders(gpus);
          for (ServerUse.Holder h : holders) {
            if (!h.takeable()) {
              throw held(serverName, "GPU " + h.gpu(), h.operation());
            }
          }
          Optional<ServerUse.Lease> lease = use.liveLease(gpus);
          if (lease.isPresent()) {
            throw inUse(serverName, speedGbps, lease.get());
          }
          if (holders.isEmpty() && BreakoutEdit.speedOf(fabric, server) == speedGbps) {
            throw Refusal.conflict(
                    "Server already at that speed",
                    serverName + "'s GPUs run at " + speedGbps + "G already; nothing to change.")
                .field("speedGbps");
          }
          List<LeafPort> ports = BreakoutEdit.ports(fabric, server);
          TreeSet<String> leaves = new TreeSet<>();
          ports.forEach(p -> leaves.add(p.leaf()));
          for (String leaf : leaves) {
            operations
                .holder(leaf)
                .ifPresent(
                    op -> {
                      throw held(serverName, leaf, op);
                    });
          }
          UUID id = UUID.randomUUID();
          NicSpeedTarget target = new NicSpeedTarget(serverName, speedGbps, ports, gpus);
          operations.insert(
              id,
              NicSpeedMachine.KIND,
              "RUNNING",
              NicSpeedStep.UNCONFIGURE.name(),
              json.writeValueAsString(target),
              actor.role() + ":" + actor.tokenId(),
              clock.instant(),
              leaves);
          holds.hold(id, gpus);
          audit.record(accepted(serverName, speedGbps, id, leaves));
          return OperationViews.of(operations.find(id).orElseThrow(), json);
        });
  }

  private static Refusal held(String server, String what, UUID operation) {
    return Refusal.conflict(
            "Server held by an operation",
            "Operation "
                + operation
                + " holds "
                + what
                + " of "
                + server
                + " until it ends; read it at /api/v1/fabric/operations/"
                + operation
                + ", and post the change again once it is over.")
        .field("server")
        .with("operation", operation.toString());
  }

  private static Rejection inUse(String server, int speedGbps, ServerUse.Lease lease) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("speedGbps", speedGbps);
    details.put("allocation", lease.allocation().toString());
    return new Rejection(
        new AuditRecord(
            "server.nic-speed",
            "server",
            server,
            lease.tenant(),
            lease.tenantId(),
            AuditOutcome.REJECTED,
            details),
        Refusal.conflict(
                "Server in use",
                server
                    + " has GPUs in allocation "
                    + lease.allocation()
                    + " of tenant "
                    + lease.tenant()
                    + ": release it (or wait for its release) before changing the server's NIC"
                    + " speed.")
            .field("server")
            .with("tenant", lease.tenant())
            .with("allocation", lease.allocation().toString()));
  }

  private static AuditRecord accepted(
      String server, int speedGbps, UUID operation, TreeSet<String> leaves) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("operation", operation.toString());
    details.put("speedGbps", speedGbps);
    details.put("switches", List.copyOf(leaves));
    return new AuditRecord(
        "server.nic-speed", "server", server, null, null, AuditOutcome.SUCCESS, details);
  }
}
