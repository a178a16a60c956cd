package io.tenantfabric.db.idempotency;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;
import java.util.UUID;

/**
 * A key as the client sent it, within the scope it is unique in: the token that sent it, so that no
 * other caller ever has its answer replayed, and the operation ({@code scope}), so that one key may
 * name a creation and a deletion without the two colliding.
 */
@Embeddable
public record IdempotencyKey(
    @Column(name = "token_id") UUID tokenId,
    @Column(name = "scope") String scope,
    @Column(name = "idempotency_key") String key)
    implements Serializable {}
