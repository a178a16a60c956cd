package io.tenantfabric.db.allocation;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

/** Allocations and the occupancy they make. */
public interface AllocationRepository extends JpaRepository<AllocationEntity, UUID> {

  Optional<AllocationEntity> findByIdAndTenantId(UUID id, long tenantId);

  Page<AllocationEntity> findByTenantIdOrderByCreatedAtAscIdAsc(long tenantId, Pageable pageable);

  /** GPUs held by live allocations (read through the partial unique index's predicate). */
  @Query(
      value =
          "SELECT gpu_id FROM allocation_gpus"
              + " WHERE allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')",
      nativeQuery = true)
  List<String> findBusyGpuIds();

  /** Sum of the GPUs of the tenant's live allocations. */
  @Query(
      "select coalesce(sum(a.gpuCount), 0) from AllocationEntity a"
          + " where a.tenantId = :tenantId and a.status in :statuses")
  long sumGpus(long tenantId, Collection<AllocationStatus> statuses);

  boolean existsByTenantIdAndStatusIn(long tenantId, Collection<AllocationStatus> statuses);

  /** Busy GPUs per leaf: {@code [leaf, count]} rows. */
  @Query(
      value =
          "SELECT g.leaf, count(*) FROM allocation_gpus m JOIN gpus g ON g.id = m.gpu_id"
              + " WHERE m.allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')"
              + " GROUP BY g.leaf",
      nativeQuery = true)
  List<Object[]> countBusyPerLeaf();

  /** Whether any of {@code gpuIds} is held by a live allocation. */
  @Query(
      value =
          "SELECT count(*) FROM allocation_gpus WHERE gpu_id IN (:gpuIds)"
              + " AND allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')",
      nativeQuery = true)
  long countLiveAmong(Collection<String> gpuIds);
}
