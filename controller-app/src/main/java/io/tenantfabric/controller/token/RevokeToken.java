package io.tenantfabric.controller.token;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Revokes a token; revoking a revoked token again changes nothing and is not audited twice. */
@Component
class RevokeToken {

  private final ApiTokenRepository tokens;
  private final AuditTrail audit;
  private final Clock clock;
  private final IntentTransactions intents;

  RevokeToken(
      ApiTokenRepository tokens, AuditTrail audit, Clock clock, IntentTransactions intents) {
    this.tokens = tokens;
    this.audit = audit;
    this.clock = clock;
    this.intents = intents;
  }

  void revoke(UUID id) {
    intents.run(
        () -> {
          revokeLocked(id);
          return null;
        });
  }

  private void revokeLocked(UUID id) {
    ApiTokenEntity token =
        tokens
            .findById(id)
            .orElseThrow(() -> Refusal.notFound("Token not found", "No token with id " + id + "."));
    if (token.isRevoked()) {
      return;
    }
    token.revoke(clock.instant(), "revoked by API");
    audit.record(
        new AuditRecord(
            "token.revoke",
            "token",
            id.toString(),
            token.getTenant().orElse(null),
            token.getTenantId().orElse(null),
            AuditOutcome.SUCCESS,
            Map.of("role", token.getRole())));
  }
}
