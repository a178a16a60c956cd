package io.tenantfabric.db.tenant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Optional;

/** A tenant: its name, quota and (after its first allocation) its VNI and IPv4 prefix. */
@Entity
@Table(name = "tenants")
public class TenantEntity {

  /** A tenant that exists. */
  public static final String LIVE = "LIVE";

  /** A deleted tenant, kept for the audit trail and the pool quarantine. */
  public static final String DELETED = "DELETED";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(nullable = false)
  private String name;

  @Column(name = "display_name", nullable = false)
  private String displayName;

  @Column(name = "gpu_quota", nullable = false)
  private int gpuQuota;

  private Integer vni;

  private String prefix;

  @Column(nullable = false)
  private String status;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "deleted_at")
  private Instant deletedAt;

  @Version private Long version;

  protected TenantEntity() {}

  public TenantEntity(String name, String displayName, int gpuQuota, Instant now) {
    this.name = name;
    this.displayName = displayName;
    this.gpuQuota = gpuQuota;
    this.status = LIVE;
    this.createdAt = now;
  }

  public Long id() {
    return id;
  }

  public String name() {
    return name;
  }

  public String displayName() {
    return displayName;
  }

  public int gpuQuota() {
    return gpuQuota;
  }

  public Optional<Integer> vni() {
    return Optional.ofNullable(vni);
  }

  public Optional<String> prefix() {
    return Optional.ofNullable(prefix);
  }

  /** Gives the tenant its VNI and prefix (both at once, as the schema demands). */
  public void assignPools(int vni, String prefix) {
    this.vni = vni;
    this.prefix = prefix;
  }

  public String status() {
    return status;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Optional<Instant> deletedAt() {
    return Optional.ofNullable(deletedAt);
  }

  /** Sets the GPU quota; the caller has checked it against the tenant's live GPUs. */
  public void changeQuota(int gpuQuota) {
    this.gpuQuota = gpuQuota;
  }

  /** Sets the name shown to people (the tenant's identity stays its id and name). */
  public void changeDisplayName(String displayName) {
    this.displayName = displayName;
  }

  /** Marks the tenant deleted; the database refuses it while live allocations remain. */
  public void delete(Instant now) {
    this.status = DELETED;
    this.deletedAt = now;
  }
}
