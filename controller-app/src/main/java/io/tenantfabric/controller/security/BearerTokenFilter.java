package io.tenantfabric.controller.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates {@code Authorization: Bearer <token>}: a known, unrevoked, unexpired token (of a
 * live tenant, for TENANT tokens) becomes the request's {@link Actor}; anything else is answered
 * 401 at once, or 429 when the client address has too many refusals ({@link AuthRefusals}). A
 * client past its refusals' budget and grace is answered 429 before the token is even hashed or
 * looked up. Runs before anything reads the request body, so that a refused token never costs a
 * body read. Without the header the request stays anonymous and the URL rules decide. The header
 * value is never logged nor echoed.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

  // RFC 6750 §2.1 b64token, bounded so that absurd headers are not hashed
  private static final Pattern BEARER =
      Pattern.compile("Bearer ([A-Za-z0-9\\-._~+/]{1,512}=*)", Pattern.CASE_INSENSITIVE);

  /** Request attribute holding the authenticated {@link Actor}. */
  static final String ACTOR_ATTRIBUTE = Actor.class.getName();

  private final TokenAuthenticator authenticator;
  private final AuthRefusals refusals;

  BearerTokenFilter(TokenAuthenticator authenticator, AuthRefusals refusals) {
    this.authenticator = authenticator;
    this.refusals = refusals;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    if (header == null) {
      chain.doFilter(request, response);
      return;
    }
    if (!refusals.admit(request, response)) {
      SecurityContextHolder.clearContext();
      return;
    }
    var m = BEARER.matcher(header);
    TokenVerdict verdict =
        m.matches()
            ? authenticator.authenticate(m.group(1))
            : TokenVerdict.refused(null, "malformed Authorization header");
    Optional<Actor> actor = verdict.actor();
    if (actor.isEmpty()) {
      SecurityContextHolder.clearContext();
      refusals.unauthorized(
          request,
          response,
          verdict.tokenId(),
          verdict.refusal(),
          "Bearer realm=\"tenant-fabric\", error=\"invalid_token\"",
          "The bearer token is malformed, unknown, revoked or expired, or its tenant is gone.");
      return;
    }
    // for the 403 handler, which runs after this filter has cleared the context
    request.setAttribute(ACTOR_ATTRIBUTE, actor.get());
    SecurityContext context = SecurityContextHolder.createEmptyContext();
    context.setAuthentication(new ActorAuthentication(actor.get()));
    SecurityContextHolder.setContext(context);
    try {
      chain.doFilter(request, response);
    } finally {
      SecurityContextHolder.clearContext();
    }
  }
}
