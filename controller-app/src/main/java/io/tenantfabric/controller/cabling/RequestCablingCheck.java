package io.tenantfabric.controller.cabling;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.SwitchEntity;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.lifecycle.CablingCheckStore;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Records a cabling check of every managed switch or of the named ones (each must exist, 422, and
 * be managed, 409: one without an inventory entry is never read) and wakes the leader; audited as
 * {@code fabric.cabling.requested}. The check itself runs on the leader between its batches.
 */
@Component
class RequestCablingCheck {

  static final int MAX_SWITCHES = 1024;

  private final CablingCheckStore checks;
  private final SwitchRepository switches;
  private final FabricModels models;
  private final AuditTrail audit;
  private final Transactions tx;
  private final Clock clock;

  RequestCablingCheck(
      CablingCheckStore checks,
      SwitchRepository switches,
      FabricModels models,
      AuditTrail audit,
      Transactions tx,
      Clock clock) {
    this.checks = checks;
    this.switches = switches;
    this.models = models;
    this.audit = audit;
    this.tx = tx;
    this.clock = clock;
  }

  CablingCheckView request(CablingCheckRequest body) {
    List<String> raw = body == null ? null : body.switches();
    List<String> scope = raw == null ? List.of() : names(raw);
    return tx.write(
        () -> {
          models.defined();
          for (String name : scope) {
            Optional<SwitchEntity> sw = switches.findById(name);
            String field = "switches[" + raw.indexOf(name) + "]";
            if (sw.isEmpty()) {
              throw Refusal.unprocessable(
                      "Unknown switch", "The fabric has no switch " + name + ".")
                  .field(field);
            }
            if (sw.get().device().isEmpty()) {
              throw Refusal.conflict(
                      "Switch not managed",
                      name
                          + " has no inventory entry, so the controller never reads it; onboard it"
                          + " with PUT /api/v1/fabric and its devices.")
                  .field(field)
                  .with("state", "UNMANAGED");
            }
          }
          UUID id = UUID.randomUUID();
          checks.request(id, scope, "API", clock.instant());
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("check", id.toString());
          details.put("switches", scope.isEmpty() ? "all" : scope.size());
          audit.record(
              new AuditRecord(
                  "fabric.cabling.requested",
                  "fabric",
                  id.toString(),
                  null,
                  null,
                  AuditOutcome.SUCCESS,
                  details));
          return CablingCheckViews.of(checks.find(id).orElseThrow());
        });
  }

  // sorted and without repeats; each a switch name, else a 400 naming the element
  private static List<String> names(List<String> raw) {
    if (raw.isEmpty() || raw.size() > MAX_SWITCHES) {
      throw Refusal.invalid(
              "Invalid request",
              "'switches' lists 1 to " + MAX_SWITCHES + " switch names, or is left out for all.")
          .field("switches");
    }
    TreeSet<String> names = new TreeSet<>();
    for (int i = 0; i < raw.size(); i++) {
      try {
        names.add(new SwitchName(raw.get(i)).value());
      } catch (IllegalArgumentException | NullPointerException e) {
        throw Refusal.invalid(
                "Invalid switch name",
                "A switch name is lower-case letters, digits and dashes, like leaf-01.")
            .field("switches[" + i + "]");
      }
    }
    return new ArrayList<>(names);
  }
}
