package io.tenantfabric.controller.security;

import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Resolves a presented secret to its actor through the hash index; revoked tokens resolve to none.
 */
@Component
class TokenAuthenticator {

  private final ApiTokenRepository tokens;

  TokenAuthenticator(ApiTokenRepository tokens) {
    this.tokens = tokens;
  }

  @Transactional
  Optional<Actor> authenticate(String secret) {
    String hash = TokenSecrets.hash(secret);
    Optional<ApiTokenEntity> found =
        tokens
            .findBySecretHash(hash)
            // the index found it; compare again in constant time so no timing depends on content
            .filter(t -> TokenSecrets.sameHash(t.getSecretHash(), hash))
            .filter(t -> !t.isRevoked());
    found.ifPresent(t -> tokens.touch(t.getId()));
    return found.map(t -> new Actor(t.getId(), Role.valueOf(t.getRole()), t.getTenant()));
  }
}
