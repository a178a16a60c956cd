package io.tenantfabric.controller.tenant;

import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.PoolIndex;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Gives a tenant its VNI and IPv4 prefix if it has none, skipping live values and quarantined ones.
 * Runs under the fabric lock (the caller's), so two tenants never pick the same value; the partial
 * unique indexes and the prefix exclusion constraint would refuse it anyway.
 */
@Component
public class TenantPools {

  private final TenantRepository tenants;
  private final PoolProperties properties;

  TenantPools(TenantRepository tenants, PoolProperties properties) {
    this.tenants = tenants;
    this.properties = properties;
  }

  /** Assigns the pools to {@code tenant} unless it has them; returns whether it assigned. */
  @Transactional(propagation = Propagation.MANDATORY)
  public boolean assignIfNone(TenantEntity tenant, Fabric fabric, Instant now) {
    if (tenant.vni().isPresent()) {
      return false;
    }
    Pools pools = pick(tenant, fabric, now);
    tenant.assignPools(pools.vni().value(), pools.prefix().toString());
    return true;
  }

  /** A VNI and prefix for {@code tenant}. */
  public record Pools(Vni vni, Ipv4Prefix prefix) {}

  /**
   * The VNI and prefix {@code tenant} has, or would get now (changes nothing: outside the fabric
   * lock the answer is a preview, as for a dry run).
   */
  public Pools pick(TenantEntity tenant, Fabric fabric, Instant now) {
    if (tenant.vni().isPresent()) {
      return new Pools(
          new Vni(tenant.vni().get()), Ipv4Prefix.parse(tenant.prefix().orElseThrow()));
    }
    return pick(index(fabric, now), tenant.gpuQuota(), now);
  }

  /** The pools of every live tenant and the releases still in quarantine, as an index. */
  public PoolIndex index(Fabric fabric, Instant now) {
    Instant since = now.minus(properties.quarantine());
    Set<Vni> liveVnis = tenants.findLiveVnis().stream().map(Vni::new).collect(Collectors.toSet());
    Map<Vni, Instant> vniReleases = new HashMap<>();
    for (Object[] r : tenants.findVnisReleasedSince(since)) {
      vniReleases.put(new Vni((Integer) r[0]), (Instant) r[1]);
    }
    Set<Ipv4Prefix> livePrefixes =
        tenants.findLivePrefixes().stream().map(Ipv4Prefix::parse).collect(Collectors.toSet());
    Map<Ipv4Prefix, Instant> prefixReleases = new HashMap<>();
    for (Object[] r : tenants.findPrefixesReleasedSince(since)) {
      prefixReleases.put(Ipv4Prefix.parse((String) r[0]), (Instant) r[1]);
    }
    return PoolIndex.of(
        fabric.vniRange(),
        fabric.tenantSupernet(),
        properties.quarantine(),
        liveVnis,
        vniReleases,
        livePrefixes,
        prefixReleases);
  }

  /** What a tenant of {@code gpuQuota} would get from {@code index} now (changes nothing). */
  public static Pools pick(PoolIndex index, int gpuQuota, Instant now) {
    return new Pools(index.pickVni(now), index.pickPrefix(gpuQuota, now));
  }
}
