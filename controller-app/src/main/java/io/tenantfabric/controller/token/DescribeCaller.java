package io.tenantfabric.controller.token;

import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.TenantBinding;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Describes the caller's own token: its role and tenant as authentication found them, its expiry as
 * stored. Never the secret, the label or who issued it: any role may ask, a TENANT too.
 */
@Component
class DescribeCaller {

  private final ApiTokenRepository tokens;
  private final Transactions tx;

  DescribeCaller(ApiTokenRepository tokens, Transactions tx) {
    this.tokens = tokens;
    this.tx = tx;
  }

  CallerView describe(Actor actor) {
    Instant expiresAt =
        tx.read(
            () ->
                tokens
                    .findById(actor.tokenId())
                    .flatMap(ApiTokenEntity::getExpiresAt)
                    .orElse(null));
    return new CallerView(
        actor.tokenId(),
        actor.role().name(),
        actor.tenant().map(TenantBinding::name).orElse(null),
        expiresAt);
  }
}
