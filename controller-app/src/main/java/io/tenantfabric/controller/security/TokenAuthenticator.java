package io.tenantfabric.controller.security;

import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Resolves a presented secret to its actor through the hash index; revoked tokens resolve to none.
 */
@Component
class TokenAuthenticator {

  // last_used_at is bookkeeping: one write per token and minute, not one per request
  private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

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
            // the lookup compares hashes, never secrets, so its timing tells nothing about a
            // secret; the constant-time check makes equality explicit, whatever the index did
            .filter(t -> TokenSecrets.sameHash(t.getSecretHash(), hash))
            .filter(t -> !t.isRevoked());
    Instant staleBefore = Instant.now().minus(TOUCH_INTERVAL);
    found
        .filter(t -> t.getLastUsedAt().map(u -> u.isBefore(staleBefore)).orElse(true))
        .ifPresent(t -> tokens.touch(t.getId()));
    return found.map(t -> new Actor(t.getId(), Role.valueOf(t.getRole()), t.getTenant()));
  }
}
