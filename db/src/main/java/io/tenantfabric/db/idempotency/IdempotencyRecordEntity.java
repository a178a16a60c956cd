package io.tenantfabric.db.idempotency;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;

/** The response first given to a request with an Idempotency-Key, and the request's hash. */
@Entity
@Table(name = "idempotency_records")
public class IdempotencyRecordEntity {

  @EmbeddedId private IdempotencyKey id;

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

  protected IdempotencyRecordEntity() {}

  public IdempotencyRecordEntity(
      IdempotencyKey id,
      String requestHash,
      int responseStatus,
      String location,
      String contentType,
      String responseBody,
      Instant createdAt,
      Instant expiresAt) {
    this.id = id;
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
