package io.tenantfabric.controller.security;

import io.tenantfabric.controller.web.ProblemResponseWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Answers refused authentications: 401 with the RFC 6750 challenge, or 429 with {@code Retry-After}
 * once the client address has used up its budget of refusals ({@link AuthFailureLimiter}); and 403.
 * Each refusal is logged by {@link AccessLog}.
 */
@Component
class AuthRefusals {

  private final ProblemResponseWriter problems;
  private final ClientAddresses clients;
  private final AuthFailureLimiter limiter;

  AuthRefusals(ProblemResponseWriter problems, AuthProperties properties) {
    this.problems = problems;
    this.clients = new ClientAddresses(properties.trustedProxies());
    this.limiter = new AuthFailureLimiter(properties.failuresPerMinute(), System::nanoTime);
  }

  void unauthorized(
      HttpServletRequest request,
      HttpServletResponse response,
      Optional<UUID> tokenId,
      String reason,
      String challenge,
      String detail)
      throws IOException {
    String client = clients.of(request);
    OptionalLong retryAfter = limiter.refuse(client);
    if (retryAfter.isPresent()) {
      AccessLog.refused(429, request, tokenId, reason + "; too many refusals", client);
      response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfter.getAsLong()));
      problems.write(
          request,
          response,
          HttpStatus.TOO_MANY_REQUESTS,
          "Too many failed authentications",
          "Too many requests from this address failed to authenticate; retry after "
              + retryAfter.getAsLong()
              + " s with a valid token.");
      return;
    }
    AccessLog.refused(401, request, tokenId, reason, client);
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, challenge);
    problems.write(request, response, HttpStatus.UNAUTHORIZED, "Unauthorized", detail);
  }

  void forbidden(HttpServletRequest request, HttpServletResponse response) throws IOException {
    Optional<Actor> actor =
        CurrentActor.find()
            .or(
                () ->
                    Optional.ofNullable(
                        (Actor) request.getAttribute(BearerTokenFilter.ACTOR_ATTRIBUTE)));
    AccessLog.refused(
        403,
        request,
        actor.map(Actor::tokenId),
        "role " + actor.map(a -> a.role().name()).orElse("-") + " may not",
        clients.of(request));
    problems.write(
        request,
        response,
        HttpStatus.FORBIDDEN,
        "Forbidden",
        "The role of this token may not " + request.getMethod() + " this resource.");
  }
}
