package io.tenantfabric.db.idempotency;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.Instant;
import java.util.Optional;
import org.springframework.data.domain.Persistable;

/**
 * The response first given to a request with an Idempotency-Key, the request's hash and the tenant
 * the response concerns.
 */
@Entity
@Table(name = "idempotency_records")
public class IdempotencyRecordEntity implements Persistable<IdempotencyKey> {

  @EmbeddedId private IdempotencyKey id;

  @Column(name = "tenant_id", nullable = false, updatable = false)
  private long tenantId;

  @Column(name = "request_hash", nullable = false, updatable = false)
  private String requestHash;

  @Column(name = "response_status", nullable = false, updatable = false)
  private int responseStatus;

  @Column(updatable = false)
  private String location;

  @Column(name = "content_type", nullable = false, updatable = false)
  private String contentType;

  @Column(name = "response_body", nullable = false, updatable = false)
  private String responseBody;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "expires_at", nullable = false, updatable = false)
  private Instant expiresAt;

  /**
   * Whether the row exists: a record is only ever inserted (never merged), so that saving one is a
   * single INSERT and a concurrent first answer to the same key is a unique violation.
   */
  @Transient private boolean stored;

  protected IdempotencyRecordEntity() {}

  public IdempotencyRecordEntity(
      IdempotencyKey id,
      long tenantId,
      String requestHash,
      int responseStatus,
      String location,
      String contentType,
      String responseBody,
      Instant createdAt,
      Instant expiresAt) {
    this.id = id;
    this.tenantId = tenantId;
    this.requestHash = requestHash;
    this.responseStatus = responseStatus;
    this.location = location;
    this.contentType = contentType;
    this.responseBody = responseBody;
    this.createdAt = createdAt;
    this.expiresAt = expiresAt;
  }

  public IdempotencyKey id() {
    return id;
  }

  @Override
  public IdempotencyKey getId() {
    return id;
  }

  @Override
  public boolean isNew() {
    return !stored;
  }

  @PostLoad
  @PostPersist
  void markStored() {
    stored = true;
  }

  /** The tenant the response concerns: the one a creation made, or the one the request named. */
  public long tenantId() {
    return tenantId;
  }

  public String requestHash() {
    return requestHash;
  }

  public int responseStatus() {
    return responseStatus;
  }

  public Optional<String> location() {
    return Optional.ofNullable(location);
  }

  public String contentType() {
    return contentType;
  }

  public String responseBody() {
    return responseBody;
  }

  public Instant createdAt() {
    return createdAt;
  }

  /** After this instant the record is no longer replayed and the expiry job deletes it. */
  public Instant expiresAt() {
    return expiresAt;
  }

  /** True when the record has expired at {@code now}. */
  public boolean isExpiredAt(Instant now) {
    return !expiresAt.isAfter(now);
  }
}
