package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.web.ConflictException;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.tenant.TenantName;
import java.time.Clock;
import java.util.Map;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;

/** Creates a tenant; its VNI and prefix come with its first allocation. */
@Component
class CreateTenant {

  private final TenantRepository tenants;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Clock clock;

  CreateTenant(
      TenantRepository tenants, AuditTrail audit, IntentTransactions intents, Clock clock) {
    this.tenants = tenants;
    this.audit = audit;
    this.intents = intents;
    this.clock = clock;
  }

  TenantView create(CreateTenantRequest request) {
    TenantName name = TenantNames.parse(request.name(), "name");
    return intents.run(() -> insert(name, request));
  }

  private TenantView insert(TenantName name, CreateTenantRequest request) {
    if (tenants.findLive(name.value()).isPresent()) {
      throw duplicate(name);
    }
    TenantEntity t;
    try {
      t =
          tenants.saveAndFlush(
              new TenantEntity(
                  name.value(), request.displayName(), request.gpuQuota(), clock.instant()));
    } catch (DataIntegrityViolationException e) {
      // a concurrent create won the race for the name: the unique index tenants_live_name
      throw duplicate(name);
    }
    audit.record(
        new AuditRecord(
            "tenant.create",
            "tenant",
            name.value(),
            name.value(),
            t.id(),
            AuditOutcome.SUCCESS,
            Map.of("gpuQuota", request.gpuQuota())));
    return TenantView.of(t, 0);
  }

  private static Rejection duplicate(TenantName name) {
    return new Rejection(
        new AuditRecord(
            "tenant.create",
            "tenant",
            name.value(),
            name.value(),
            null,
            AuditOutcome.REJECTED,
            Map.of("reason", "exists")),
        new ConflictException("Tenant exists", "A tenant named " + name.value() + " exists.")
            .field("name"));
  }
}
