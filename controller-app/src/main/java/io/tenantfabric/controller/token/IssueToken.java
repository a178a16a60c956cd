package io.tenantfabric.controller.token;

import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TokenSecrets;
import io.tenantfabric.controller.web.ApiException;
import io.tenantfabric.db.token.ApiTokenEntity;
import io.tenantfabric.db.token.ApiTokenRepository;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Issues a new token: generates the secret, stores its hash, audits, returns the secret once. */
@Component
class IssueToken {

  private final ApiTokenRepository tokens;
  private final AuditTrail audit;
  private final Clock clock;

  IssueToken(ApiTokenRepository tokens, AuditTrail audit) {
    this.tokens = tokens;
    this.audit = audit;
    this.clock = Clock.systemUTC();
  }

  @Transactional
  IssuedToken issue(IssueTokenRequest request, Actor issuer) {
    Role role = Role.valueOf(request.role());
    String tenant = request.tenant();
    if (role == Role.TENANT && tenant == null) {
      throw new ApiException(
              HttpStatus.BAD_REQUEST, "Invalid request", "A TENANT token needs a 'tenant'.")
          .field("tenant");
    }
    if (role != Role.TENANT && tenant != null) {
      throw new ApiException(
              HttpStatus.BAD_REQUEST,
              "Invalid request",
              "Only TENANT tokens are bound to a tenant; omit 'tenant' for " + role + ".")
          .field("tenant");
    }
    if (tenant != null && !tokens.liveTenantExists(tenant)) {
      throw new ApiException(
              HttpStatus.UNPROCESSABLE_CONTENT,
              "Unknown tenant",
              "No tenant named '" + tenant + "' exists.")
          .field("tenant");
    }
    String secret = TokenSecrets.generate();
    // microseconds: what PostgreSQL keeps, so that the answer equals what a later GET lists
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    ApiTokenEntity saved =
        tokens.save(
            new ApiTokenEntity(
                UUID.randomUUID(),
                request.label(),
                role.name(),
                tenant,
                TokenSecrets.hash(secret),
                now,
                issuer.tokenId()));
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("role", role.name());
    if (request.label() != null) {
      details.put("label", request.label());
    }
    audit.record(
        new AuditRecord(
            "token.create", "token", saved.getId().toString(), tenant, "SUCCESS", details));
    return new IssuedToken(saved.getId(), secret, role.name(), tenant, request.label(), now);
  }
}
