package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.CallerContext;
import io.tenantfabric.controller.transaction.ConnectionFailures;
import io.tenantfabric.controller.transaction.GroupCommit;
import io.tenantfabric.db.tenant.TenantInserts;
import io.tenantfabric.db.tenant.TenantInserts.NewTenant;
import io.tenantfabric.model.tenant.TenantName;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;

/**
 * Creates a tenant; its VNI and prefix come with its first allocation. Requests that arrive while
 * one is being written are committed together ({@link GroupCommit}, at most {@value #MAX_GROUP}):
 * every creation appends to the audit chain, whose lock is held from the append to the commit, so
 * one at a time they would queue behind each other on that lock, each holding a pooled connection
 * while it waits, and starve the allocations of connections. A group appends its events last and
 * commits once.
 */
@Component
@Import(TenantInserts.class) // the app scans only its own packages
class CreateTenant {

  /** Creations committed together at most. */
  static final int MAX_GROUP = 32;

  private final TenantInserts tenants;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Clock clock;
  private final GroupCommit<Request, TenantView> groups =
      new GroupCommit<>(MAX_GROUP, this::commit);

  CreateTenant(TenantInserts tenants, AuditTrail audit, IntentTransactions intents, Clock clock) {
    this.tenants = tenants;
    this.audit = audit;
    this.intents = intents;
    this.clock = clock;
  }

  TenantView create(CreateTenantRequest request) {
    TenantName name = TenantNames.parse(request.name(), "name");
    return groups.submit(new Request(name, request, CallerContext.capture()));
  }

  /** One queued creation, with the context of the HTTP request that asked for it. */
  private record Request(TenantName name, CreateTenantRequest body, CallerContext caller) {}

  /** A creation's answer inside its group: the tenant, or the refusal to answer after commit. */
  private record Outcome(TenantView view, Rejection refusal) {}

  /**
   * One group in one transaction; a group whose transaction fails (a name taken meanwhile by
   * another instance, a deadlock that outlived the retries) is split, each creation then committed
   * on its own, so that one request's failure is its own; not when the database itself failed (a
   * failover), which fails every creation of the group at once.
   */
  private void commit(List<GroupCommit.Pending<Request, TenantView>> group) {
    List<Outcome> outcomes;
    try {
      outcomes = intents.run(() -> insertAll(group.stream().map(p -> p.item()).toList()));
    } catch (RuntimeException e) {
      if (ConnectionFailures.isConnectionFailure(e)) {
        // without a database every creation fails alike: split, each would wait for it again
        group.forEach(p -> p.fail(e));
      } else if (group.size() > 1) {
        group.forEach(p -> commit(List.of(p)));
      } else if (e instanceof DataIntegrityViolationException) {
        // a concurrent create won the race for the name: the unique index tenants_live_name
        commit(group.get(0), new Outcome(null, duplicate(group.get(0).item().name())));
      } else {
        group.get(0).fail(e);
      }
      return;
    }
    for (int i = 0; i < group.size(); i++) {
      commit(group.get(i), outcomes.get(i));
    }
  }

  /** Answers one creation; a refusal is audited once the group's connection is back. */
  private void commit(GroupCommit.Pending<Request, TenantView> p, Outcome o) {
    if (o.view() != null) {
      p.complete(o.view());
      return;
    }
    p.item()
        .caller()
        .call(
            () -> {
              audit.recordRejection(o.refusal().audit());
              return null;
            });
    p.fail(o.refusal().problem());
  }

  /**
   * Writes every creation of a group whose name is free (a name asked twice in one group is free
   * for the first only), then their audit events, each as its own caller's, last: the audit chain's
   * lock is held from the first of them to the commit. One query finds the taken names and one
   * statement inserts the rest, whatever the group's size.
   */
  private List<Outcome> insertAll(List<Request> requests) {
    // what PostgreSQL keeps (microseconds), so that the reply shows what a read shows
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    Set<String> taken = tenants.liveAmong(requests.stream().map(r -> r.name().value()).toList());
    Set<String> names = new HashSet<>();
    List<Outcome> out = new ArrayList<>();
    List<Request> created = new ArrayList<>();
    for (Request r : requests) {
      if (!names.add(r.name().value()) || taken.contains(r.name().value())) {
        out.add(new Outcome(null, duplicate(r.name())));
        continue;
      }
      created.add(r);
      out.add(null);
    }
    // a name taken meanwhile by a concurrent create fails the insert, and the group is split
    List<Long> ids =
        tenants.insertAll(
            created.stream()
                .map(
                    r ->
                        new NewTenant(
                            r.name().value(), r.body().displayName(), r.body().gpuQuota()))
                .toList(),
            now);
    List<AuditTrail.Stamped> events = new ArrayList<>();
    int next = 0;
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i) == null) {
        long id = ids.get(next);
        Request r = created.get(next++);
        events.add(r.caller().call(() -> audit.stamp(created(r, id))));
        out.set(
            i,
            new Outcome(
                TenantView.created(
                    r.name().value(), r.body().displayName(), r.body().gpuQuota(), now),
                null));
      }
    }
    if (!events.isEmpty()) { // each as its own request's, all in one statement
      audit.append(events);
    }
    return out;
  }

  private static AuditRecord created(Request r, long id) {
    return new AuditRecord(
        "tenant.create",
        "tenant",
        r.name().value(),
        r.name().value(),
        id,
        AuditOutcome.SUCCESS,
        Map.of("gpuQuota", r.body().gpuQuota()));
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
        Refusal.conflict("Tenant exists", "A tenant named " + name.value() + " exists.")
            .field("name"));
  }
}
