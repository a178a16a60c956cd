package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.idempotency.IdempotencyProperties;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.provision.IntentCommitted;
import io.tenantfabric.controller.tenant.TenantPools;
import io.tenantfabric.controller.tenant.Tenants;
import io.tenantfabric.controller.transaction.CallerContext;
import io.tenantfabric.controller.transaction.GroupCommit;
import io.tenantfabric.controller.web.ApiException;
import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationWriter;
import io.tenantfabric.db.idempotency.IdempotencyKey;
import io.tenantfabric.db.idempotency.IdempotencyRecordEntity;
import io.tenantfabric.db.idempotency.IdempotencyRecordRepository;
import io.tenantfabric.db.jdbc.RoundTrip;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.db.provisioning.SwitchProgress;
import io.tenantfabric.db.tenant.TenantLocks;
import io.tenantfabric.model.placement.InsufficientCapacityException;
import io.tenantfabric.model.placement.QuotaExceededException;
import io.tenantfabric.model.placement.QuotaPolicy;
import io.tenantfabric.model.pool.PoolExhaustedException;
import io.tenantfabric.model.tenant.TenantName;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Places N GPUs for a tenant in one transaction, serialised per fabric by {@code SELECT ... FOR
 * UPDATE} on the fabric row: placement needs a consistent view of every busy, cordoned and drained
 * GPU, and {@code SKIP LOCKED} on GPU rows would let two requests each see "enough" free GPUs. The
 * partial unique index on live memberships stays the database's own guard. Placement and the pools
 * decide on {@link IntentIndexes} kept in memory while the fabric's intent version is unchanged
 * (docs/provisioning.md, "Allocation write path"), and requests that arrive while one is being
 * decided are committed together ({@link GroupCommit}, at most {@value #MAX_GROUP}), still decided
 * one after the other in arrival order.
 */
@Component
@Import(AllocationWriter.class) // the app scans only its own packages
class AllocateGpus {

  /** Requests committed together at most: a group holds the fabric lock for all of them. */
  static final int MAX_GROUP = 32;

  private final IntentIndexes indexes;
  private final GroupCommit<Request, Supplier<Reply>> groups =
      new GroupCommit<>(MAX_GROUP, this::commit);

  private final IntentTransactions intents;
  private final FabricModels models;
  private final Tenants tenants;
  private final AllocationWriter writer;
  private final TenantLocks tenantLocks;
  private final IdempotencyRecordRepository idempotency;
  private final AllocationViews views;
  private final AuditTrail audit;
  private final JsonMapper json;
  private final ProvisioningStore provisioning;
  private final Clock clock;
  private final Duration ttl;
  private final JdbcTemplate jdbc;
  private final ApplicationEventPublisher events;

  AllocateGpus(
      IntentTransactions intents,
      FabricModels models,
      Tenants tenants,
      AllocationWriter writer,
      TenantLocks tenantLocks,
      IdempotencyRecordRepository idempotency,
      AllocationViews views,
      AuditTrail audit,
      JsonMapper json,
      ProvisioningStore provisioning,
      Clock clock,
      IdempotencyProperties idempotencyProperties,
      IntentIndexes indexes,
      JdbcTemplate jdbc,
      ApplicationEventPublisher events) {
    this.events = events;
    this.indexes = indexes;
    this.jdbc = jdbc;
    this.intents = intents;
    this.models = models;
    this.tenants = tenants;
    this.writer = writer;
    this.tenantLocks = tenantLocks;
    this.idempotency = idempotency;
    this.views = views;
    this.audit = audit;
    this.json = json;
    this.provisioning = provisioning;
    this.clock = clock;
    this.ttl = idempotencyProperties.ttl();
  }

  /** Allocates, or replays the stored reply of an earlier request with the same key and body. */
  Reply allocate(TenantName tenant, AllocateRequest request, Optional<ClientKey> clientKey) {
    // only a key's record compares bodies: without one, no hash (a JSON write and a SHA-256)
    String requestHash = clientKey.isPresent() ? RequestHash.of(request, json) : null;
    // the reply of a new allocation without a key is written here, on the caller's own thread,
    // after the group committed: the leader's time is the group's
    return groups
        .submit(new Request(tenant, request, clientKey, requestHash, CallerContext.capture()))
        .get();
  }

  /**
   * One queued request, with the context of the HTTP request that made it; {@code hash}, its body's
   * {@link RequestHash}, is null without a client key and read only with one.
   */
  private record Request(
      TenantName tenant,
      AllocateRequest request,
      Optional<ClientKey> clientKey,
      String hash,
      CallerContext caller) {}

  /**
   * A request's answer inside its group: its reply (written when asked, after the commit), or a
   * refusal or error to answer after commit.
   */
  private record Decision(Supplier<Reply> reply, RuntimeException refusal) {}

  /**
   * One group in one transaction; a group whose transaction fails is split, each request then
   * committed on its own, so that one request's failure is its own.
   */
  private void commit(List<GroupCommit.Pending<Request, Supplier<Reply>>> group) {
    List<Decision> decisions;
    try {
      decisions =
          intents.run(() -> decideAll(group.stream().map(GroupCommit.Pending::item).toList()));
    } catch (RuntimeException e) {
      if (group.size() == 1) {
        group.get(0).fail(e);
      } else {
        group.forEach(p -> commit(List.of(p)));
      }
      return;
    }
    for (int i = 0; i < group.size(); i++) {
      GroupCommit.Pending<Request, Supplier<Reply>> p = group.get(i);
      Decision d = decisions.get(i);
      if (d.reply() != null) {
        p.complete(d.reply());
      } else if (d.refusal() instanceof Rejection r) {
        // audited once the group's connection is back, as IntentTransactions does for one
        p.item()
            .caller()
            .call(
                () -> {
                  audit.recordRejection(r.audit());
                  return null;
                });
        p.fail(r.problem());
      } else {
        p.fail(d.refusal());
      }
    }
  }

  /**
   * Decides every request of a group in order under one fabric lock, each seeing the ones before it
   * as if they had come one by one; a refusal (quota, capacity, pools, a missing tenant, a reused
   * key) comes before its request changes anything, and anything else aborts the group. The group
   * reads in one {@link RoundTrip} and writes in one more, so that the fabric lock is not held
   * across round trips: rows and memberships, pools, one generation bump of all its leaves (switch
   * rows locked in name order, as every writer does), and the audit events last, so that the audit
   * chain's lock is held only from there to the commit.
   */
  private List<Decision> decideAll(List<Request> requests) {
    // one round trip, in lock order: the fabric row, then the intent version and the group's
    // tenants (in id order); planned each run, since the tenants table grows while it runs
    RoundTrip opening = new RoundTrip(jdbc).planEachRun();
    Supplier<Fabric> lockedFabric = models.lockDefined(opening);
    RoundTrip.Answer<Long> version = IntentIndexes.version(opening);
    Supplier<Tenants.Locked> lockedTenants =
        tenants.lockLive(requests.stream().map(Request::tenant).toList(), opening);
    opening.send();
    Fabric fabric = lockedFabric.get();
    // the allocation keeps its instants as PostgreSQL does (AllocationEntity), so the reply shows
    // what a read shows
    Instant now = clock.instant();
    IntentIndexes.Lease indexes = this.indexes.open(fabric, now, version.get());
    Group group = new Group(fabric, indexes, now, lockedTenants.get());
    List<Decision> out = new ArrayList<>();
    for (Request r : requests) {
      try {
        int index = out.size();
        Optional<Reply> replayed = r.caller().call(() -> decide(r, group, index));
        out.add(new Decision(replayed.<Supplier<Reply>>map(x -> () -> x).orElse(null), null));
      } catch (Rejection | ApiException refused) {
        out.add(new Decision(null, refused));
      }
    }
    List<Placed> placed = group.placed;
    Map<UUID, List<SwitchProgress>> progress = Map.of();
    if (!placed.isEmpty()) {
      // the group's writes go in one round trip, the statements in this order, run back to back
      RoundTrip trip = new RoundTrip(jdbc);
      writer.insertAll(placed.stream().map(Placed::allocation).toList(), trip);
      tenantLocks.assignPools(List.copyOf(group.assigned.values()), trip);
      Map<UUID, Set<String>> generations = new LinkedHashMap<>();
      placed.forEach(a -> generations.put(a.allocation().id(), a.leaves()));
      RoundTrip.Answer<ProvisioningStore.Advanced> advanced =
          provisioning.advance(generations, trip); // wakes the provisioner at commit
      // each event as its own request's; last, so the chain's lock is held only to the commit
      audit.append(
          placed.stream().map(a -> a.caller().call(() -> audit.stamp(a.audit()))).toList(), trip);
      trip.send();
      if (advanced.get().notified()) { // the provisioner here hears of it at commit
        events.publishEvent(new IntentCommitted(advanced.get().notice(), generations.size()));
      }
      progress = advanced.get().progress();
      // every change placement and the pools depend on is written by now
      indexes.close(advanced.get().intentVersion());
    }
    for (Placed a : placed) { // its reply shows the switches it waits for: after they are recorded
      List<SwitchProgress> switches = progress.getOrDefault(a.allocation().id(), List.of());
      Supplier<Reply> reply;
      if (a.key().isPresent()) { // stored with its key in this transaction, so written now
        Reply written = a.caller().call(() -> answer(a, fabric, now, switches));
        reply = () -> written;
      } else {
        reply = () -> answer(a, fabric, now, switches);
      }
      out.set(a.index(), new Decision(reply, null));
    }
    group.retries.forEach(
        (retry, first) -> {
          Supplier<Reply> original = out.get(first).reply();
          out.set(retry, new Decision(() -> original.get().asReplay(), null));
        });
    return out;
  }

  /** What a group decides on, opened once for all its requests, and what it decided so far. */
  private static final class Group {
    final Fabric fabric;
    final IntentIndexes.Lease indexes;
    final Instant now;
    final Tenants.Locked tenants;

    /** GPUs each tenant holds with the group's allocations so far, once one of them placed. */
    final Map<Long, Long> live = new HashMap<>();

    /** The pools given in this group, by tenant id, in order. */
    final Map<Long, TenantLocks.PoolAssignment> assigned = new LinkedHashMap<>();

    final List<Placed> placed = new ArrayList<>();

    /** The allocation placed under each key, in this group. */
    final Map<IdempotencyKey, Placed> keyed = new HashMap<>();

    /** A retry's request index to the index of the request it repeats, in this group. */
    final Map<Integer, Integer> retries = new LinkedHashMap<>();

    Group(Fabric fabric, IntentIndexes.Lease indexes, Instant now, Tenants.Locked tenants) {
      this.fabric = fabric;
      this.indexes = indexes;
      this.now = now;
      this.tenants = tenants;
    }
  }

  /**
   * An allocation decided, whose rows, leaves, reply (and idempotency record) and audit event the
   * group writes at the end; {@code index} is its request's place in the group.
   */
  private record Placed(
      int index,
      AllocationEntity allocation,
      Set<String> leaves,
      AuditRecord audit,
      Request request,
      Optional<IdempotencyKey> key) {

    CallerContext caller() {
      return request.caller();
    }
  }

  private Reply answer(Placed a, Fabric fabric, Instant now, List<SwitchProgress> switches) {
    String tenant = a.request().tenant().value();
    String location = location(a.request().tenant(), a.allocation().id());
    String body = json.writeValueAsString(views.of(a.allocation(), tenant, fabric, switches));
    a.key()
        .ifPresent(
            k ->
                idempotency.save(
                    new IdempotencyRecordEntity(
                        k,
                        a.request().hash(),
                        202,
                        location,
                        "application/json",
                        body,
                        now,
                        now.plus(ttl))));
    return new Reply(202, location, body, false);
  }

  /**
   * Decides one request: the reply of an earlier one with its key, or an allocation placed and
   * added to the group's (empty then; a retry of one placed earlier in the group is noted in the
   * group, its reply that one's), or a refusal thrown before anything changes.
   */
  private Optional<Reply> decide(Request r, Group group, int index) {
    TenantName tenant = r.tenant();
    AllocateRequest request = r.request();
    String hash = r.hash();
    Instant now = group.now;
    TenantLocks.Locked t = group.tenants.get(tenant);
    Optional<IdempotencyKey> key =
        r.clientKey().map(k -> new IdempotencyKey(t.id(), k.scope(), k.key()));
    if (key.isPresent()) {
      Placed original = group.keyed.get(key.get());
      if (original != null) { // a retry that came while the first was in this very group
        if (!original.request().hash().equals(hash)) {
          throw keyReused(tenant, t.id(), location(tenant, original.allocation().id()));
        }
        group.retries.put(index, original.index());
        return Optional.empty();
      }
      Optional<IdempotencyRecordEntity> prior = idempotency.findById(key.get());
      if (prior.isPresent() && !prior.get().isExpiredAt(now)) {
        return Optional.of(replay(prior.get(), tenant, t.id(), hash));
      }
      // an expired record is a new request: drop it so that this answer can take its key
      prior.ifPresent(
          p -> {
            idempotency.delete(p);
            idempotency.flush();
          });
    }
    int requested = request.gpus();
    long live = group.live.getOrDefault(t.id(), t.liveGpus());
    try {
      QuotaPolicy.check(tenant, t.gpuQuota(), (int) live, requested);
    } catch (QuotaExceededException e) {
      throw AllocationRefusals.quota(tenant, t.id(), e);
    }
    IntentIndexes.Lease indexes = group.indexes;
    List<GpuId> picked;
    try {
      picked = indexes.occupancy().place(requested);
    } catch (InsufficientCapacityException e) {
      throw AllocationRefusals.capacity(tenant, t.id(), e);
    }
    TenantPools.Pools p = null;
    if (t.vni() == null && !group.assigned.containsKey(t.id())) {
      try {
        p = TenantPools.pick(indexes.pools(), t.gpuQuota(), now);
      } catch (PoolExhaustedException e) {
        throw AllocationRefusals.pool(tenant, t.id(), e);
      }
    }
    // every refusal is behind us: from here on the indexes record this allocation
    indexes.changing();
    indexes.occupancy().occupy(picked);
    if (p != null) {
      group.assigned.put(
          t.id(), new TenantLocks.PoolAssignment(t.id(), p.vni().value(), p.prefix().toString()));
      indexes.pools().assign(p.vni(), p.prefix());
    }
    group.live.put(t.id(), live + requested);
    UUID id = UUID.randomUUID();
    AllocationEntity allocation =
        new AllocationEntity(id, t.id(), picked.stream().map(GpuId::value).toList(), now);
    Set<String> leaves = new TreeSet<>();
    for (GpuId g : picked) {
      leaves.add(group.fabric.gpu(g).orElseThrow().leaf().value());
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("gpus", requested);
    details.put("leaves", List.copyOf(leaves));
    key.ifPresent(k -> details.put("idempotencyKey", k.key()));
    Placed decided =
        new Placed(
            index,
            allocation,
            leaves,
            new AuditRecord(
                "allocation.create",
                "allocation",
                id.toString(),
                tenant.value(),
                t.id(),
                AuditOutcome.SUCCESS,
                details),
            r,
            key);
    group.placed.add(decided);
    key.ifPresent(k -> group.keyed.put(k, decided));
    return Optional.empty();
  }

  private static String location(TenantName tenant, UUID allocation) {
    return "/api/v1/tenants/" + tenant.value() + "/allocations/" + allocation;
  }

  private Reply replay(
      IdempotencyRecordEntity prior, TenantName tenant, long tenantId, String hash) {
    if (!prior.requestHash().equals(hash)) {
      throw keyReused(tenant, tenantId, prior.location().orElse("-"));
    }
    return new Reply(
        prior.responseStatus(), prior.location().orElse(null), prior.responseBody(), true);
  }

  private static Rejection keyReused(TenantName tenant, long tenantId, String firstLocation) {
    return new Rejection(
        new AuditRecord(
            "allocation.create",
            "allocation",
            firstLocation,
            tenant.value(),
            tenantId,
            AuditOutcome.REJECTED,
            Map.of("reason", "idempotency key reused with another body")),
        new ApiException(
                HttpStatus.UNPROCESSABLE_CONTENT,
                "Idempotency key reused",
                "This Idempotency-Key was first used with a different request body; use a new"
                    + " key for a different request.")
            .field("Idempotency-Key"));
  }
}
