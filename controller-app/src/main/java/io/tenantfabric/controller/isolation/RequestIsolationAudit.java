package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Records an isolation audit of the whole fabric or of the named switches (each must exist; one
 * without an inventory entry is listed as not managed, never read) and wakes the leader; audited as
 * {@code isolation.requested}. A request equal to an audit still waiting to start (the same
 * switches, or the whole fabric) gets that audit and records nothing: it would read the same
 * switches after the same changes. Other requests are refused as too many while {@code
 * fabric.isolation.max-queued} requested audits wait.
 */
@Component
class RequestIsolationAudit {

  static final int MAX_SWITCHES = 1024;

  // a queued audit reads every switch in its scope, a whole fabric in seconds
  static final Duration RETRY_AFTER = Duration.ofSeconds(10);

  private final IsolationAuditStore audits;
  private final SwitchRepository switches;
  private final FabricModels models;
  private final AuditTrail audit;
  private final IsolationAuditViews views;
  private final Transactions tx;
  private final Clock clock;
  private final int maxQueued;

  RequestIsolationAudit(
      IsolationAuditStore audits,
      SwitchRepository switches,
      FabricModels models,
      AuditTrail audit,
      IsolationAuditViews views,
      Transactions tx,
      Clock clock,
      IsolationProperties properties) {
    this.audits = audits;
    this.switches = switches;
    this.models = models;
    this.audit = audit;
    this.views = views;
    this.tx = tx;
    this.clock = clock;
    this.maxQueued = properties.maxQueued();
  }

  IsolationAuditView request(AuditRequest body) {
    List<String> scope = body == null || body.switches() == null ? null : names(body.switches());
    return tx.write(
        () -> {
          models.defined();
          if (scope != null) {
            for (int i = 0; i < scope.size(); i++) {
              if (switches.findById(scope.get(i)).isEmpty()) {
                throw Refusal.unprocessable(
                        "Unknown switch", "The fabric has no switch " + scope.get(i) + ".")
                    .field("switches[" + body.switches().indexOf(scope.get(i)) + "]");
              }
            }
          }
          IsolationAuditStore.QueuedAudits queued = audits.lockQueue(scope);
          if (queued.same().isPresent()) {
            return views.of(audits.find(queued.same().get()).orElseThrow(), true);
          }
          if (queued.count() >= maxQueued) {
            throw new Refusal(
                    Refusal.Reason.TOO_MANY,
                    "Too many isolation audits queued",
                    queued.count()
                        + " requested isolation audits are waiting to start; try again once they"
                        + " have run, or ask for one of the same switches to join it.")
                .with("queued", queued.count())
                .retryAfter(RETRY_AFTER);
          }
          UUID id = UUID.randomUUID();
          audits.request(id, "API", scope, clock.instant());
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("audit", id.toString());
          details.put("switches", scope == null ? "all" : scope.size());
          audit.record(
              new AuditRecord(
                  "isolation.requested",
                  "fabric",
                  id.toString(),
                  null,
                  null,
                  AuditOutcome.SUCCESS,
                  details));
          return views.of(audits.find(id).orElseThrow(), true);
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
