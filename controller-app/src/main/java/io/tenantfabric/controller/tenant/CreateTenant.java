package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.idempotency.IdempotentReplies;
import io.tenantfabric.controller.idempotency.Reply;
import io.tenantfabric.controller.idempotency.RequestHash;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Creates a tenant; its VNI and prefix come with its first allocation. Requests that arrive while
 * one is being written are committed together ({@link GroupCommit}, at most {@value #MAX_GROUP}):
 * every creation appends to the audit chain, whose lock is held from the append to the commit, so
 * one at a time they would queue behind each other on that lock, each holding a pooled connection
 * while it waits, and starve the allocations of connections. A group appends its events last and
 * commits once. With an Idempotency-Key, the answer (201, Location, body) is stored with the
 * tenant, and a retry gets it again, not a 409 for the name its first request took.
 */
@Component
@Import(TenantInserts.class) // the app scans only its own packages
class CreateTenant {

  /** Creations committed together at most. */
  static final int MAX_GROUP = 32;

  private final TenantInserts tenants;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final IdempotentReplies replies;
  private final JsonMapper json;
  private final Clock clock;
  private final GroupCommit<Request, Reply> groups = new GroupCommit<>(MAX_GROUP, this::commit);

  CreateTenant(
      TenantInserts tenants,
      AuditTrail audit,
      IntentTransactions intents,
      IdempotentReplies replies,
      JsonMapper json,
      Clock clock) {
    this.tenants = tenants;
    this.audit = audit;
    this.intents = intents;
    this.replies = replies;
    this.json = json;
    this.clock = clock;
  }

  /** Creates, or replays the stored answer of an earlier creation with the same key and body. */
  Reply create(CreateTenantRequest request, Optional<ClientKey> key) {
    TenantName name = TenantNames.parse(request.name(), "name");
    // only a key's record compares bodies: without one, no hash
    String hash = key.isPresent() ? RequestHash.of(request, json) : null;
    return groups.submit(new Request(name, request, key, hash, CallerContext.capture()));
  }

  /**
   * One queued creation, with its key and body's {@link RequestHash} (null without a key) and the
   * context of the HTTP request that asked for it.
   */
  private record Request(
      TenantName name,
      CreateTenantRequest body,
      Optional<ClientKey> key,
      String hash,
      CallerContext caller) {}

  /** A creation's answer inside its group: the reply, or the refusal to answer after commit. */
  private record Outcome(Reply reply, Rejection refusal) {}

  /**
   * One group in one transaction; a group whose transaction fails (a name taken meanwhile by
   * another instance, a deadlock that outlived the retries) is split, each creation then committed
   * on its own, so that one request's failure is its own; not when the database itself failed (a
   * failover), which fails every creation of the group at once.
   */
  private void commit(List<GroupCommit.Pending<Request, Reply>> group) {
    commit(group, false);
  }

  private void commit(List<GroupCommit.Pending<Request, Reply>> group, boolean again) {
    List<Outcome> outcomes;
    try {
      outcomes = intents.run(() -> insertAll(group.stream().map(p -> p.item()).toList()));
    } catch (RuntimeException e) {
      if (ConnectionFailures.isConnectionFailure(e)) {
        // without a database every creation fails alike: split, each would wait for it again
        group.forEach(p -> p.fail(e));
      } else if (group.size() > 1) {
        group.forEach(p -> commit(List.of(p), false));
      } else if (e instanceof DataIntegrityViolationException && keyed(group) && !again) {
        // a concurrent create with the same key (idempotency_records_by_token) or name
        // (tenants_live_name) committed first: decided again, this one now sees its record, and
        // is its replay, a 422 for another body or the 409 for the name
        commit(group, true);
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

  private static boolean keyed(List<GroupCommit.Pending<Request, Reply>> group) {
    return group.get(0).item().key().isPresent();
  }

  /** Answers one creation; a refusal is audited once the group's connection is back. */
  private void commit(GroupCommit.Pending<Request, Reply> p, Outcome o) {
    if (o.reply() != null) {
      p.complete(o.reply());
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
   * statement inserts the rest, whatever the group's size. A request with a key is first looked up
   * among the stored answers and the group's own: a retry is answered as its first request was.
   */
  private List<Outcome> insertAll(List<Request> requests) {
    // what PostgreSQL keeps (microseconds), so that the reply shows what a read shows
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    Set<String> taken = tenants.liveAmong(requests.stream().map(r -> r.name().value()).toList());
    Set<String> names = new HashSet<>();
    List<Outcome> out = new ArrayList<>();
    List<Integer> created = new ArrayList<>();
    // the first request of each key in this group, and each later one's index to the first's
    Map<ClientKey, Integer> keyed = new HashMap<>();
    Map<Integer, Integer> retries = new LinkedHashMap<>();
    for (Request r : requests) {
      int index = out.size();
      out.add(null);
      if (r.key().isPresent()) {
        ClientKey key = r.key().get();
        Integer first = keyed.get(key);
        if (first != null) { // a retry that came while the first was in this very group
          if (requests.get(first).hash().equals(r.hash())) {
            retries.put(index, first);
          } else {
            out.set(index, new Outcome(null, IdempotentReplies.keyReused(key, target(r))));
          }
          continue;
        }
        try {
          Optional<Reply> replayed = replies.replay(key, r.hash(), target(r), now);
          if (replayed.isPresent()) {
            out.set(index, new Outcome(replayed.get(), null));
            continue;
          }
        } catch (Rejection reused) {
          out.set(index, new Outcome(null, reused));
          continue;
        }
        keyed.put(key, index);
      }
      if (!names.add(r.name().value()) || taken.contains(r.name().value())) {
        out.set(index, new Outcome(null, duplicate(r.name())));
        continue;
      }
      created.add(index);
    }
    // a name taken meanwhile by a concurrent create fails the insert, and the group is split
    List<Long> ids =
        tenants.insertAll(
            created.stream()
                .map(requests::get)
                .map(
                    r ->
                        new NewTenant(
                            r.name().value(), r.body().displayName(), r.body().gpuQuota()))
                .toList(),
            now);
    List<AuditTrail.Stamped> events = new ArrayList<>();
    for (int next = 0; next < created.size(); next++) {
      int index = created.get(next);
      long id = ids.get(next);
      Request r = requests.get(index);
      String name = r.name().value();
      Reply reply =
          new Reply(
              201,
              "/api/v1/tenants/" + name,
              json.writeValueAsString(
                  TenantView.created(name, r.body().displayName(), r.body().gpuQuota(), now)),
              false);
      // stored with the tenant it made, so that deleting the tenant drops it too
      r.key().ifPresent(k -> replies.record(k, r.hash(), id, reply, now));
      events.add(r.caller().call(() -> audit.stamp(created(r, id))));
      out.set(index, new Outcome(reply, null));
    }
    retries.forEach(
        (retry, first) -> {
          Outcome o = out.get(first);
          out.set(
              retry,
              o.reply() != null
                  ? new Outcome(o.reply().asReplay(), null)
                  : new Outcome(null, o.refusal()));
        });
    if (!events.isEmpty()) { // each as its own request's, all in one statement
      audit.append(events);
    }
    return out;
  }

  private static IdempotentReplies.Target target(Request r) {
    return new IdempotentReplies.Target(r.name().value(), r.name().value(), null);
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
