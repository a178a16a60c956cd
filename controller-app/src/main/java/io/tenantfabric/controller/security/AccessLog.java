package io.tenantfabric.controller.security;

import io.tenantfabric.controller.web.RequestIds;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One INFO line per refused request (401, 429, 403, and the 404 a TENANT token gets for another
 * tenant) with the request id, the token id when the secret matched a token, and the client
 * address: enough to follow a probe, never the secret. Lines of refused authentications (401, 429)
 * are written within a budget per minute ({@link RefusalLogBudget}); the first line after some were
 * left out says how many.
 */
public final class AccessLog {

  private static final Logger log = LoggerFactory.getLogger(AccessLog.class);

  private AccessLog() {}

  static void refused(
      int status,
      HttpServletRequest request,
      Optional<UUID> tokenId,
      String reason,
      String client) {
    log.info(
        "{} {} {} request={} token={} client={} reason={}",
        status,
        request.getMethod(),
        request.getRequestURI(),
        RequestIds.of(request).orElse("-"),
        tokenId.map(UUID::toString).orElse("-"),
        client,
        reason);
  }

  /** {@code count} refused authentications were not logged, over the budget of lines. */
  static void dropped(long count) {
    log.info("{} refused authentications not logged: over the budget of lines a minute", count);
  }

  /** A TENANT actor addressed a tenant that is not its own (answered 404). */
  public static void crossTenant(Actor actor, String tenant) {
    log.info(
        "404 cross-tenant request={} token={} tenant={} boundTo={}",
        RequestIds.current().orElse("-"),
        actor.tokenId(),
        tenant,
        actor.tenant().map(b -> b.id() + ":" + b.name()).orElse("-"));
  }
}
