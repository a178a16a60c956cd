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
 * once the client's key (its address, an IPv6 address by its /64: {@link AddressKeys}) has used up
 * its budget of refusals ({@link AuthFailureLimiter}); before a presented token is looked up, a key
 * past its budget and its grace is answered 429 at once ({@link #admit}); and 403. A 401 or 429 to
 * a request with a body closes the connection, unread body and all. Each refusal is logged by
 * {@link AccessLog}, 401 and 429 within the instance's budget of lines ({@link RefusalLogBudget}).
 */
@Component
class AuthRefusals {

  private final ProblemResponseWriter problems;
  private final ClientAddresses clients;
  private final AuthFailureLimiter limiter;
  private final RefusalLogBudget lines;

  AuthRefusals(ProblemResponseWriter problems, AuthProperties properties) {
    this.problems = problems;
    this.clients = new ClientAddresses(properties.trustedProxies());
    this.limiter = new AuthFailureLimiter(properties.failuresPerMinute(), System::nanoTime);
    this.lines = new RefusalLogBudget(properties.refusalLogPerMinute(), System::nanoTime);
  }

  /**
   * Whether a token presented by this request's client may be looked up; when not (the client's key
   * spent its budget and its grace), the 429 is written here and false returned.
   */
  boolean admit(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String client = clients.of(request);
    OptionalLong retryAfter = limiter.blocked(AddressKeys.of(client));
    if (retryAfter.isEmpty()) {
      return true;
    }
    log(429, request, Optional.empty(), "too many refusals; token not looked up", client);
    tooMany(request, response, retryAfter.getAsLong());
    return false;
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
    OptionalLong retryAfter = limiter.refuse(AddressKeys.of(client));
    if (retryAfter.isPresent()) {
      log(429, request, tokenId, reason + "; too many refusals", client);
      tooMany(request, response, retryAfter.getAsLong());
      return;
    }
    log(401, request, tokenId, reason, client);
    closeIfBody(request, response);
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

  private void tooMany(HttpServletRequest request, HttpServletResponse response, long retryAfter)
      throws IOException {
    closeIfBody(request, response);
    response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfter));
    problems.write(
        request,
        response,
        HttpStatus.TOO_MANY_REQUESTS,
        "Too many failed authentications",
        "Too many requests from this address failed to authenticate; retry after "
            + retryAfter
            + " s with a valid token.");
  }

  /**
   * A refused request's body is not read (or, without a token, was read ahead): the answer says the
   * connection closes, so that the server need not read the rest of it ({@link RefusedBodyValve}).
   */
  private static void closeIfBody(HttpServletRequest request, HttpServletResponse response) {
    if (request.getContentLengthLong() > 0
        || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
      response.setHeader(HttpHeaders.CONNECTION, "close");
    }
  }

  private void log(
      int status,
      HttpServletRequest request,
      Optional<UUID> tokenId,
      String reason,
      String client) {
    long dropped = lines.take();
    if (dropped < 0) {
      return;
    }
    if (dropped > 0) {
      AccessLog.dropped(dropped);
    }
    AccessLog.refused(status, request, tokenId, reason, client);
  }
}
