package io.tenantfabric.controller.token;

import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.web.ResourceNotFoundException;
import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Revokes a token; revoking a revoked token again changes nothing and is not audited twice. */
@Component
class RevokeToken {

  private final ApiTokenRepository tokens;
  private final AuditTrail audit;

  RevokeToken(ApiTokenRepository tokens, AuditTrail audit) {
    this.tokens = tokens;
    this.audit = audit;
  }

  @Transactional
  void revoke(UUID id) {
    ApiTokenEntity token =
        tokens
            .findById(id)
            .orElseThrow(
                () ->
                    new ResourceNotFoundException(
                        "Token not found", "No token with id " + id + "."));
    if (token.isRevoked()) {
      return;
    }
    token.revoke(Instant.now());
    audit.record(
        new AuditRecord(
            "token.revoke",
            "token",
            id.toString(),
            token.getTenant().orElse(null),
            "SUCCESS",
            Map.of("role", token.getRole())));
  }
}
