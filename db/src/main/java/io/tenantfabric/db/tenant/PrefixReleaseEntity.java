package io.tenantfabric.db.tenant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A prefix given back by a deleted tenant; it stays in quarantine for a while after {@code
 * releasedAt}.
 */
@Entity
@Table(name = "prefix_releases")
public class PrefixReleaseEntity {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(nullable = false)
  private String prefix;

  @Column(name = "tenant_id", nullable = false)
  private long tenantId;

  @Column(name = "released_at", nullable = false)
  private Instant releasedAt;

  protected PrefixReleaseEntity() {}

  public PrefixReleaseEntity(String prefix, long tenantId, Instant releasedAt) {
    this.prefix = prefix;
    this.tenantId = tenantId;
    this.releasedAt = releasedAt;
  }

  public String prefix() {
    return prefix;
  }

  public long tenantId() {
    return tenantId;
  }

  public Instant releasedAt() {
    return releasedAt;
  }
}
