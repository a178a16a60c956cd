package io.tenantfabric.db.allocation;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.annotations.BatchSize;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** An allocation of GPUs to a tenant and the GPUs it holds. */
@Entity
@Table(name = "allocations")
public class AllocationEntity {

  @Id private UUID id;

  @Column(name = "tenant_id", nullable = false, updatable = false)
  private long tenantId;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  private AllocationStatus status;

  @Column(name = "gpu_count", nullable = false, updatable = false)
  private int gpuCount;

  @Column(name = "failure_reason")
  private String failureReason;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version private Long version;

  // health and its reasons are kept by the database's triggers (V16): read here, never written
  @Column(nullable = false, insertable = false, updatable = false)
  private String health = "OK";

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(
      name = "health_reasons",
      nullable = false,
      insertable = false,
      updatable = false,
      columnDefinition = "jsonb")
  private String healthReasons = "[]";

  // a page of allocations (at most 200) loads the GPUs of all its rows in one statement when the
  // first row's are read, not one statement per row
  @ElementCollection(fetch = FetchType.LAZY)
  @BatchSize(size = 200)
  @CollectionTable(name = "allocation_gpus", joinColumns = @JoinColumn(name = "allocation_id"))
  private List<AllocationGpu> gpus = new ArrayList<>();

  protected AllocationEntity() {}

  /** A new allocation in PROVISIONING holding {@code gpuIds}. */
  public AllocationEntity(UUID id, long tenantId, Collection<String> gpuIds, Instant now) {
    this.id = id;
    this.tenantId = tenantId;
    this.status = AllocationStatus.PROVISIONING;
    this.gpuCount = gpuIds.size();
    this.createdAt = kept(now);
    this.updatedAt = createdAt;
    for (String gpu : gpuIds) {
      gpus.add(new AllocationGpu(gpu, status.name()));
    }
  }

  public UUID id() {
    return id;
  }

  public long tenantId() {
    return tenantId;
  }

  public AllocationStatus status() {
    return status;
  }

  public int gpuCount() {
    return gpuCount;
  }

  public Optional<String> failureReason() {
    return Optional.ofNullable(failureReason);
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant updatedAt() {
    return updatedAt;
  }

  /** {@code OK} or {@code DEGRADED}, as the database last computed it. */
  public String health() {
    return health;
  }

  /** Why the allocation is degraded: a JSON array of {reason, switch, port?, operation?}. */
  public String healthReasonsJson() {
    return healthReasons;
  }

  /** The GPU ids, in the order placement chose them. */
  public List<String> gpuIds() {
    return gpus.stream().map(AllocationGpu::gpuId).toList();
  }

  /** Moves the allocation to {@code next}; the membership rows follow in the database. */
  public void transitionTo(AllocationStatus next, Instant now) {
    this.status = next;
    this.updatedAt = kept(now);
  }

  /** Fails the allocation with {@code reason} (at most 4,000 characters kept): it holds no GPUs. */
  public void fail(String reason, Instant now) {
    this.failureReason = reason.length() > 4000 ? reason.substring(0, 3997) + "..." : reason;
    transitionTo(AllocationStatus.FAILED, now);
  }

  /**
   * {@code t} as its column keeps it (microseconds): an answer built from this entity shows what a
   * read of it shows.
   */
  private static Instant kept(Instant t) {
    return t.truncatedTo(ChronoUnit.MICROS);
  }
}
