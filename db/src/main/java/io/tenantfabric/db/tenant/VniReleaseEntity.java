package io.tenantfabric.db.tenant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A vni given back by a deleted tenant; it stays in quarantine for a while after {@code
 * releasedAt}.
 */
@Entity
@Table(name = "vni_releases")
public class VniReleaseEntity {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(nullable = false)
  private Integer vni;

  @Column(name = "tenant_id", nullable = false)
  private long tenantId;

  @Column(name = "released_at", nullable = false)
  private Instant releasedAt;

  protected VniReleaseEntity() {}

  public VniReleaseEntity(int vni, long tenantId, Instant releasedAt) {
    this.vni = vni;
    this.tenantId = tenantId;
    this.releasedAt = releasedAt;
  }

  public int vni() {
    return vni;
  }

  public long tenantId() {
    return tenantId;
  }

  public Instant releasedAt() {
    return releasedAt;
  }
}
