package io.tenantfabric.controller.security;

import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Resolves a presented secret to its actor through the hash index. Refused: unknown, revoked and
 * expired tokens, and a TENANT token whose tenant (by id) is no longer live. The lookup is a
 * read-only transaction; {@code last_used_at} is written at most once a minute per token.
 */
@Component
class TokenAuthenticator {

  // last_used_at is bookkeeping: one write per token and minute, not one per request
  private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

  private final ApiTokenRepository tokens;
  private final TransactionTemplate read;
  private final TransactionTemplate write;
  private final Clock clock;

  TokenAuthenticator(ApiTokenRepository tokens, PlatformTransactionManager txm, Clock clock) {
    this.tokens = tokens;
    this.read = new TransactionTemplate(txm);
    this.read.setReadOnly(true);
    this.write = new TransactionTemplate(txm);
    this.clock = clock;
  }

  TokenVerdict authenticate(String secret) {
    String hash = TokenSecrets.hash(secret);
    Instant now = clock.instant();
    Checked checked = read.execute(status -> check(hash, now));
    if (checked.touchDue()) {
      write.executeWithoutResult(status -> tokens.touch(checked.verdict().tokenId().orElseThrow()));
    }
    return checked.verdict();
  }

  private Checked check(String hash, Instant now) {
    Optional<ApiTokenEntity> found =
        tokens
            .findBySecretHash(hash)
            // the lookup compares hashes, never secrets, so its timing tells nothing about a
            // secret; the constant-time check makes equality explicit, whatever the index did
            .filter(t -> TokenSecrets.sameHash(t.getSecretHash(), hash));
    if (found.isEmpty()) {
      return new Checked(TokenVerdict.refused(null, "unknown token"), false);
    }
    ApiTokenEntity t = found.get();
    if (t.isRevoked()) {
      return new Checked(TokenVerdict.refused(t.getId(), "revoked token"), false);
    }
    if (t.isExpiredAt(now)) {
      return new Checked(TokenVerdict.refused(t.getId(), "expired token"), false);
    }
    Role role = Role.valueOf(t.getRole());
    Optional<TenantBinding> binding = Optional.empty();
    if (role == Role.TENANT) {
      Optional<Long> tenantId = t.getTenantId();
      if (tenantId.isEmpty() || !tokens.tenantIsLive(tenantId.get())) {
        return new Checked(TokenVerdict.refused(t.getId(), "tenant of token is not live"), false);
      }
      binding = Optional.of(new TenantBinding(tenantId.get(), t.getTenant().orElseThrow()));
    }
    boolean touchDue =
        t.getLastUsedAt().map(u -> u.isBefore(now.minus(TOUCH_INTERVAL))).orElse(true);
    return new Checked(TokenVerdict.accepted(new Actor(t.getId(), role, binding)), touchDue);
  }

  private record Checked(TokenVerdict verdict, boolean touchDue) {}
}
