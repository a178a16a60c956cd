package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.idempotency.IdempotentReplies;
import io.tenantfabric.controller.idempotency.Reply;
import io.tenantfabric.controller.idempotency.RequestHash;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.notify.IntentCommitted;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.tenant.TenantPools;
import io.tenantfabric.controller.tenant.Tenants;
import io.tenantfabric.controller.transaction.CallerContext;
import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationWriter;
import io.tenantfabric.db.jdbc.RoundTrip;
import io.tenantfabric.db.provisioning.IntentGenerations;
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
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * One group of allocation requests in its transaction: every request decided in order under one
 * fabric lock, each seeing the ones before it as if they had come one by one, on the {@link
 * PlacementIndexes}. The group reads in one {@link RoundTrip} and writes in one more, so that the
 * fabric lock is not held across round trips.
 */
@Component
@Import(AllocationWriter.class) // the app scans only its own packages
class AllocationGroup {

  /**
   * One queued request, with the context of the HTTP request that made it; {@code hash}, its body's
   * {@link RequestHash}, is null without a client key and read only with one.
   */
  record Request(
      TenantName tenant,
      AllocateRequest request,
      Optional<ClientKey> clientKey,
      String hash,
      CallerContext caller) {}

  /**
   * A request's answer inside its group: its reply (written when asked, after the commit), or a
   * refusal or error to answer after commit.
   */
  record Decision(Supplier<Reply> reply, RuntimeException refusal) {}

  private final PlacementIndexes indexes;
  private final FabricModels models;
  private final Tenants tenants;
  private final AllocationWriter writer;
  private final TenantLocks tenantLocks;
  private final IntentGenerations generations;
  private final IdempotentReplies replies;
  private final AllocationAudit audit;
  private final AllocationViews views;
  private final JsonMapper json;
  private final Clock clock;
  private final JdbcTemplate jdbc;
  private final ApplicationEventPublisher events;

  AllocationGroup(
      PlacementIndexes indexes,
      FabricModels models,
      Tenants tenants,
      AllocationWriter writer,
      TenantLocks tenantLocks,
      IntentGenerations generations,
      IdempotentReplies replies,
      AllocationAudit audit,
      AllocationViews views,
      JsonMapper json,
      Clock clock,
      JdbcTemplate jdbc,
      ApplicationEventPublisher events) {
    this.indexes = indexes;
    this.models = models;
    this.tenants = tenants;
    this.writer = writer;
    this.tenantLocks = tenantLocks;
    this.generations = generations;
    this.replies = replies;
    this.audit = audit;
    this.views = views;
    this.json = json;
    this.clock = clock;
    this.jdbc = jdbc;
    this.events = events;
  }

  /**
   * Decides every request of a group in order under one fabric lock, each seeing the ones before it
   * as if they had come one by one; a refusal (quota, capacity, pools, a missing tenant, a reused
   * key) comes before its request changes anything, and anything else aborts the group. The group
   * reads in one {@link RoundTrip} and writes in one more, so that the fabric lock is not held
   * across round trips: rows and memberships, pools, one generation bump of all its leaves (switch
   * rows locked in name order, as every writer does), and the audit events last, so that the audit
   * chain's lock is held only from there to the commit. Runs in the caller's transaction.
   */
  List<Decision> decideAll(List<Request> requests) {
    // one round trip, in lock order: the fabric row, then the intent version and the group's
    // tenants (in id order); planned each run, since the tenants table grows while it runs
    RoundTrip opening = new RoundTrip(jdbc).planEachRun();
    Supplier<Fabric> lockedFabric = models.lockDefined(opening);
    RoundTrip.Answer<Long> version = PlacementIndexes.version(opening);
    Supplier<Tenants.Locked> lockedTenants =
        tenants.lockLive(requests.stream().map(Request::tenant).toList(), opening);
    opening.send();
    Fabric fabric = lockedFabric.get();
    // the allocation keeps its instants as PostgreSQL does (AllocationEntity), so the reply shows
    // what a read shows
    Instant now = clock.instant();
    PlacementIndexes.Lease indexes = this.indexes.open(fabric, now, version.get());
    Group group = new Group(fabric, indexes, now, lockedTenants.get());
    List<Decision> out = new ArrayList<>();
    for (Request r : requests) {
      try {
        int index = out.size();
        Optional<Reply> replayed = r.caller().call(() -> decide(r, group, index));
        out.add(new Decision(replayed.<Supplier<Reply>>map(x -> () -> x).orElse(null), null));
      } catch (Rejection | Refusal refused) {
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
      Map<UUID, Set<String>> leaves = new LinkedHashMap<>();
      placed.forEach(a -> leaves.put(a.allocation().id(), a.leaves()));
      RoundTrip.Answer<IntentGenerations.Advanced> advanced =
          generations.advance(leaves, trip); // wakes the provisioner at commit
      // each event as its own request's; last, so the chain's lock is held only to the commit
      audit.append(placed.stream().map(a -> audit.stamp(a.caller(), a.audit())).toList(), trip);
      trip.send();
      if (advanced.get().notified()) { // the provisioner here hears of it at commit
        events.publishEvent(new IntentCommitted(advanced.get().notice(), leaves.size()));
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
    final PlacementIndexes.Lease indexes;
    final Instant now;
    final Tenants.Locked tenants;

    /** GPUs each tenant holds with the group's allocations so far, once one of them placed. */
    final Map<Long, Long> live = new HashMap<>();

    /** The pools given in this group, by tenant id, in order. */
    final Map<Long, TenantLocks.PoolAssignment> assigned = new LinkedHashMap<>();

    final List<Placed> placed = new ArrayList<>();

    /** The allocation placed under each key, in this group. */
    final Map<ClientKey, Placed> keyed = new HashMap<>();

    /** A retry's request index to the index of the request it repeats, in this group. */
    final Map<Integer, Integer> retries = new LinkedHashMap<>();

    Group(Fabric fabric, PlacementIndexes.Lease indexes, Instant now, Tenants.Locked tenants) {
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
      Optional<ClientKey> key) {

    CallerContext caller() {
      return request.caller();
    }
  }

  private Reply answer(Placed a, Fabric fabric, Instant now, List<SwitchProgress> switches) {
    String tenant = a.request().tenant().value();
    String location = location(a.request().tenant(), a.allocation().id());
    String body = json.writeValueAsString(views.of(a.allocation(), tenant, fabric, switches));
    Reply reply = new Reply(202, location, body, false);
    a.key()
        .ifPresent(
            k -> replies.record(k, a.request().hash(), a.allocation().tenantId(), reply, now));
    return reply;
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
    Optional<ClientKey> key = r.clientKey();
    if (key.isPresent()) {
      Placed original = group.keyed.get(key.get());
      if (original != null) { // a retry that came while the first was in this very group
        if (!original.request().hash().equals(hash) || original.allocation().tenantId() != t.id()) {
          throw IdempotentReplies.keyReused(
              key.get(),
              new IdempotentReplies.Target(
                  location(original.request().tenant(), original.allocation().id()),
                  tenant.value(),
                  t.id()));
        }
        group.retries.put(index, original.index());
        return Optional.empty();
      }
      Optional<Reply> replayed =
          replies.replay(
              key.get(), hash, new IdempotentReplies.Target("-", tenant.value(), t.id()), now);
      if (replayed.isPresent()) {
        return replayed;
      }
    }
    int requested = request.gpus();
    long live = group.live.getOrDefault(t.id(), t.liveGpus());
    try {
      QuotaPolicy.check(tenant, t.gpuQuota(), (int) live, requested);
    } catch (QuotaExceededException e) {
      throw AllocationRefusals.quota(tenant, t.id(), e);
    }
    PlacementIndexes.Lease indexes = group.indexes;
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
    Placed decided =
        new Placed(
            index,
            allocation,
            leaves,
            AllocationAudit.created(tenant, t.id(), id, requested, leaves, key),
            r,
            key);
    group.placed.add(decided);
    key.ifPresent(k -> group.keyed.put(k, decided));
    return Optional.empty();
  }

  private static String location(TenantName tenant, UUID allocation) {
    return "/api/v1/tenants/" + tenant.value() + "/allocations/" + allocation;
  }
}
