package io.tenantfabric.db.audit;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.Immutable;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * One read-only row of {@code audit_events}; rows are written by {@link
 * AuditEventRepository#append} only, and the database refuses updates and deletes.
 */
@Entity
@Immutable
@Table(name = "audit_events")
public class AuditEventEntity {

  @Id private Long id;

  @Column(name = "occurred_at")
  private Instant occurredAt;

  @Column(name = "actor_token_id")
  private UUID actorTokenId;

  @Column(name = "actor_role", length = 16)
  private String actorRole;

  @Column(length = 64)
  private String action;

  @Column(name = "target_type", length = 64)
  private String targetType;

  @Column(length = 512)
  private String target;

  @Column(length = 64)
  private String tenant;

  @Column(name = "tenant_id")
  private Long tenantId;

  @Column(name = "request_id", length = 64)
  private String requestId;

  @Column(length = 32)
  private String outcome;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(columnDefinition = "jsonb")
  private String details;

  @Column(name = "prev_hash", length = 64)
  private String prevHash;

  @Column(length = 64)
  private String hash;

  // the canonical form the hash was computed in: 1 before migration V4, 2 since
  @Column(nullable = false)
  private short form;

  protected AuditEventEntity() {}

  public Long getId() {
    return id;
  }

  public Instant getOccurredAt() {
    return occurredAt;
  }

  public UUID getActorTokenId() {
    return actorTokenId;
  }

  public String getActorRole() {
    return actorRole;
  }

  public String getAction() {
    return action;
  }

  public String getTargetType() {
    return targetType;
  }

  public String getTarget() {
    return target;
  }

  public String getTenant() {
    return tenant;
  }

  /** The tenant's id; null for events about no tenant and for every event before V4. */
  public Long getTenantId() {
    return tenantId;
  }

  public String getRequestId() {
    return requestId;
  }

  public String getOutcome() {
    return outcome;
  }

  /** The details as JSON text. */
  public String getDetails() {
    return details;
  }

  public String getPrevHash() {
    return prevHash;
  }

  public String getHash() {
    return hash;
  }

  public short getForm() {
    return form;
  }
}
