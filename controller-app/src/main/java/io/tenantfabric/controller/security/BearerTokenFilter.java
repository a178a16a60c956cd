package io.tenantfabric.controller.security;

import io.tenantfabric.controller.web.ProblemResponseWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates {@code Authorization: Bearer <token>}: a known, unrevoked token becomes the
 * request's {@link Actor}; a malformed header or an unknown or revoked token is answered 401 at
 * once. Without the header the request stays anonymous and the URL rules decide. The header value
 * is never logged nor echoed.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

  // RFC 6750 §2.1 b64token, bounded so that absurd headers are not hashed
  private static final Pattern BEARER =
      Pattern.compile("Bearer ([A-Za-z0-9\\-._~+/]{1,512}=*)", Pattern.CASE_INSENSITIVE);

  private final TokenAuthenticator authenticator;
  private final ProblemResponseWriter problems;

  BearerTokenFilter(TokenAuthenticator authenticator, ProblemResponseWriter problems) {
    this.authenticator = authenticator;
    this.problems = problems;
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
    var m = BEARER.matcher(header);
    Optional<Actor> actor = m.matches() ? authenticator.authenticate(m.group(1)) : Optional.empty();
    if (actor.isEmpty()) {
      SecurityContextHolder.clearContext();
      response.setHeader(
          HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"tenant-fabric\", error=\"invalid_token\"");
      problems.write(
          request,
          response,
          HttpStatus.UNAUTHORIZED,
          "Unauthorized",
          "The bearer token is malformed, unknown or revoked.");
      return;
    }
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
