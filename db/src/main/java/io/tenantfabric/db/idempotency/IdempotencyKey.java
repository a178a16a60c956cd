package io.tenantfabric.db.idempotency;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;

/**
 * A key as the client sent it, within the scope it is unique in: the tenant (by id, so that a
 * reused name never replays another tenant's answer) and the operation and caller ({@code scope}).
 */
@Embeddable
public record IdempotencyKey(
    @Column(name = "tenant_id") long tenantId,
    @Column(name = "scope") String scope,
    @Column(name = "idempotency_key") String key)
    implements Serializable {}
