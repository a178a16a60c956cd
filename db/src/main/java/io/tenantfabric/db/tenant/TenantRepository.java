package io.tenantfabric.db.tenant;

import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

/** Tenants; "live" means not deleted. */
public interface TenantRepository extends JpaRepository<TenantEntity, Long> {

  @Query("select t from TenantEntity t where t.name = :name and t.status = 'LIVE'")
  Optional<TenantEntity> findLive(String name);

  /** The live tenant, row-locked until commit (delete and allocate both take it). */
  @Lock(LockModeType.PESSIMISTIC_WRITE)
  @Query("select t from TenantEntity t where t.name = :name and t.status = 'LIVE'")
  Optional<TenantEntity> lockLive(String name);

  @Query(
      value = "select t from TenantEntity t where t.status = 'LIVE' order by t.name",
      countQuery = "select count(t) from TenantEntity t where t.status = 'LIVE'")
  Page<TenantEntity> findLivePage(Pageable pageable);

  @Query("select t.vni from TenantEntity t where t.status = 'LIVE' and t.vni is not null")
  List<Integer> findLiveVnis();

  @Query("select t.prefix from TenantEntity t where t.status = 'LIVE' and t.prefix is not null")
  List<String> findLivePrefixes();

  /** VNIs released since {@code since} with their latest release time: {@code [vni, instant]}. */
  @Query(
      "select r.vni, max(r.releasedAt) from VniReleaseEntity r where r.releasedAt > :since"
          + " group by r.vni")
  List<Object[]> findVnisReleasedSince(Instant since);

  /** Prefixes released since {@code since} with their latest release time. */
  @Query(
      "select r.prefix, max(r.releasedAt) from PrefixReleaseEntity r where r.releasedAt > :since"
          + " group by r.prefix")
  List<Object[]> findPrefixesReleasedSince(Instant since);
}
