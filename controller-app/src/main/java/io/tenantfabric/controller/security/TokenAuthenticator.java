package io.tenantfabric.controller.security;

import io.tenantfabric.db.token.TokenLookup;
import io.tenantfabric.db.token.TokenLookup.TokenRow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/**
 * Resolves a presented secret to its actor through the hash index. Refused: unknown, revoked and
 * expired tokens, and a TENANT token whose tenant (by id) is no longer live. The lookup is one
 * statement, token and tenant status together, outside any transaction; {@code last_used_at} is
 * written at most once a minute per token.
 */
@Component
@Import(TokenLookup.class) // the app scans only its own packages
class TokenAuthenticator {

  // last_used_at is bookkeeping: one write per token and minute, not one per request
  private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

  private final TokenLookup tokens;
  private final Clock clock;

  TokenAuthenticator(TokenLookup tokens, Clock clock) {
    this.tokens = tokens;
    this.clock = clock;
  }

  TokenVerdict authenticate(String secret) {
    String hash = TokenSecrets.hash(secret);
    Instant now = clock.instant();
    Optional<TokenRow> found =
        tokens
            .bySecretHash(hash)
            // the lookup compares hashes, never secrets, so its timing tells nothing about a
            // secret; the constant-time check makes equality explicit, whatever the index did
            .filter(t -> TokenSecrets.sameHash(t.secretHash(), hash));
    if (found.isEmpty()) {
      return TokenVerdict.refused(null, "unknown token");
    }
    TokenRow t = found.get();
    if (t.revoked()) {
      return TokenVerdict.refused(t.id(), "revoked token");
    }
    if (t.isExpiredAt(now)) {
      return TokenVerdict.refused(t.id(), "expired token");
    }
    Role role = Role.valueOf(t.role());
    Optional<TenantBinding> binding = Optional.empty();
    if (role == Role.TENANT) {
      if (t.tenantId().isEmpty() || !t.tenantLive()) {
        return TokenVerdict.refused(t.id(), "tenant of token is not live");
      }
      binding = Optional.of(new TenantBinding(t.tenantId().get(), t.tenant().orElseThrow()));
    }
    if (t.lastUsedAt().map(u -> u.isBefore(now.minus(TOUCH_INTERVAL))).orElse(true)) {
      tokens.touch(t.id());
    }
    return TokenVerdict.accepted(new Actor(t.id(), role, binding));
  }
}
