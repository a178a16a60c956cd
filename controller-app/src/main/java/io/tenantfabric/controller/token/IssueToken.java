package io.tenantfabric.controller.token;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TokenSecrets;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Issues a new token: generates the secret, stores its hash, audits, returns the secret once. A
 * TENANT token is bound to the tenant's id, under the tenant's row lock, so that a concurrent
 * delete either waits for this token (and revokes it) or has already made the tenant unknown here.
 */
@Component
class IssueToken {

  private final ApiTokenRepository tokens;
  private final TenantRepository tenants;
  private final AuditTrail audit;
  private final Clock clock;
  private final IntentTransactions intents;

  IssueToken(
      ApiTokenRepository tokens,
      TenantRepository tenants,
      AuditTrail audit,
      Clock clock,
      IntentTransactions intents) {
    this.tokens = tokens;
    this.tenants = tenants;
    this.audit = audit;
    this.clock = clock;
    this.intents = intents;
  }

  IssuedToken issue(IssueTokenRequest request, Actor issuer) {
    return intents.run(() -> issueLocked(request, issuer));
  }

  private IssuedToken issueLocked(IssueTokenRequest request, Actor issuer) {
    Role role = Role.valueOf(request.role());
    String tenantName = request.tenant();
    if (role == Role.TENANT && tenantName == null) {
      throw Refusal.invalid("Invalid request", "A TENANT token needs a 'tenant'.").field("tenant");
    }
    if (role != Role.TENANT && tenantName != null) {
      throw Refusal.invalid(
              "Invalid request",
              "Only TENANT tokens are bound to a tenant; omit 'tenant' for " + role + ".")
          .field("tenant");
    }
    // microseconds: what PostgreSQL keeps, so that the answer equals what a later GET lists
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    Instant expiresAt =
        request.expiresAt() == null ? null : request.expiresAt().truncatedTo(ChronoUnit.MICROS);
    if (expiresAt != null && !expiresAt.isAfter(now)) {
      throw Refusal.unprocessable(
              "Expiry in the past",
              "'expiresAt' must be in the future; it is " + expiresAt + ", now is " + now + ".")
          .field("expiresAt");
    }
    ApiTokenEntity.TenantRef tenant = null;
    if (tenantName != null) {
      TenantEntity t =
          tenants
              .lockLive(tenantName)
              .orElseThrow(
                  () ->
                      Refusal.unprocessable(
                              "Unknown tenant", "No tenant named '" + tenantName + "' exists.")
                          .field("tenant"));
      tenant = new ApiTokenEntity.TenantRef(t.id(), t.name());
    }
    String secret = TokenSecrets.generate();
    ApiTokenEntity saved =
        tokens.save(
            new ApiTokenEntity(
                UUID.randomUUID(),
                request.label(),
                role.name(),
                tenant,
                TokenSecrets.hash(secret),
                now,
                expiresAt,
                issuer.tokenId()));
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("role", role.name());
    if (request.label() != null) {
      details.put("label", request.label());
    }
    if (expiresAt != null) {
      details.put("expiresAt", expiresAt.toString());
    }
    audit.record(
        new AuditRecord(
            "token.create",
            "token",
            saved.getId().toString(),
            tenantName,
            tenant == null ? null : tenant.id(),
            AuditOutcome.SUCCESS,
            details));
    return new IssuedToken(
        saved.getId(), secret, role.name(), tenantName, request.label(), now, expiresAt);
  }
}
