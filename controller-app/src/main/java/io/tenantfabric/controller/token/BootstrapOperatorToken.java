package io.tenantfabric.controller.token;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TokenSecrets;
import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Creates an OPERATOR token from {@code fabric.bootstrap-token} (env {@code
 * FABRIC_BOOTSTRAP_TOKEN}) when no unrevoked, unexpired OPERATOR token exists: the first start, and
 * the documented break-glass when every operator token was revoked. A secret that matches any
 * stored token (revoked, expired or live) is never re-created: the service logs an ERROR and starts
 * without it. Refuses to start with a token shorter than 32 characters or with characters a bearer
 * header cannot carry.
 */
@Component
class BootstrapOperatorToken implements ApplicationRunner {

  static final int MIN_LENGTH = 32;

  private static final Logger log = LoggerFactory.getLogger(BootstrapOperatorToken.class);
  // RFC 6750 b64token characters, so that the token can be sent as 'Authorization: Bearer <t>'
  private static final Pattern USABLE = Pattern.compile("[A-Za-z0-9\\-._~+/]+=*");

  private final String bootstrapToken;
  private final ApiTokenRepository tokens;
  private final TransactionTemplate tx;
  private final AuditTrail audit;
  private final Clock clock;

  BootstrapOperatorToken(
      @Value("${fabric.bootstrap-token:}") String bootstrapToken,
      ApiTokenRepository tokens,
      TransactionTemplate tx,
      AuditTrail audit,
      Clock clock) {
    this.bootstrapToken = validated(bootstrapToken);
    this.tokens = tokens;
    this.tx = tx;
    this.audit = audit;
    this.clock = clock;
  }

  static String validated(String token) {
    if (token == null || token.isEmpty()) {
      return "";
    }
    if (token.length() < MIN_LENGTH) {
      throw new IllegalStateException(
          "FABRIC_BOOTSTRAP_TOKEN (fabric.bootstrap-token) must be at least "
              + MIN_LENGTH
              + " characters long, it has "
              + token.length()
              + "; generate one with: openssl rand -base64 32 | tr '+/' '-_' | tr -d '='");
    }
    if (token.length() > 512 || !USABLE.matcher(token).matches()) {
      throw new IllegalStateException(
          "FABRIC_BOOTSTRAP_TOKEN (fabric.bootstrap-token) may only contain letters, digits and"
              + " -._~+/ (at most 512 characters), so that it fits a bearer header");
    }
    return token;
  }

  @Override
  public void run(ApplicationArguments args) {
    tx.executeWithoutResult(
        status -> {
          tokens.lockBootstrap(); // two instances starting together: one creates, one sees it
          Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
          if (tokens.usableOperatorExists(now)) {
            return;
          }
          if (bootstrapToken.isEmpty()) {
            log.warn(
                "No usable OPERATOR token exists (none, or all revoked or expired) and"
                    + " FABRIC_BOOTSTRAP_TOKEN is not set: nobody can administer the API until"
                    + " one is set and the service restarted");
            return;
          }
          String hash = TokenSecrets.hash(bootstrapToken);
          Optional<ApiTokenEntity> same = tokens.findBySecretHash(hash);
          if (same.isPresent()) {
            // a secret that was revoked (or expired) stays dead: a leaked bootstrap value in an
            // old deployment file must not come back to life at the next restart
            log.error(
                "FABRIC_BOOTSTRAP_TOKEN is the secret of token {} ({}), which cannot be an OPERATOR"
                    + " bootstrap token: set a"
                    + " new FABRIC_BOOTSTRAP_TOKEN to create an OPERATOR token. Starting without"
                    + " one.",
                same.get().getId(),
                same.get().isRevoked()
                    ? "revoked"
                    : same.get().isExpiredAt(now) ? "expired" : "a " + same.get().getRole());
            return;
          }
          UUID id = UUID.randomUUID();
          tokens.save(
              new ApiTokenEntity(
                  id, "bootstrap", Role.OPERATOR.name(), null, hash, now, null, null));
          audit.record(
              new AuditRecord(
                  "token.bootstrap",
                  "token",
                  id.toString(),
                  null,
                  null,
                  AuditOutcome.SUCCESS,
                  Map.of("role", Role.OPERATOR.name())));
          log.info("Created the bootstrap OPERATOR token {} from FABRIC_BOOTSTRAP_TOKEN", id);
        });
  }
}
