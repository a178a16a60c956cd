package io.tenantfabric.db.idempotency;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;

/** A key as the client sent it, within the scope (tenant and caller) it is unique in. */
@Embeddable
public record IdempotencyKey(
    @Column(name = "scope") String scope, @Column(name = "idempotency_key") String key)
    implements Serializable {}
