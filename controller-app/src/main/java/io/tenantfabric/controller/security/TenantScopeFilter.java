package io.tenantfabric.controller.security;

import io.tenantfabric.controller.web.ProblemResponseWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.UrlPathHelper;

/**
 * Defence in depth for {@link TenantAccess}: a TENANT token addressing another tenant's path
 * ({@code /api/v1/tenants/{other}/...}) gets the same 404 as an unknown tenant, before the role
 * rules could answer 403 and reveal that the tenant exists.
 */
final class TenantScopeFilter extends OncePerRequestFilter {

  private static final String PREFIX = "/api/v1/tenants/";

  private final ProblemResponseWriter problems;

  TenantScopeFilter(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Optional<Actor> actor = CurrentActor.find();
    Optional<String> pathTenant = pathTenant(request);
    if (actor.isPresent() && pathTenant.isPresent() && !actor.get().sees(pathTenant.get())) {
      AccessLog.crossTenant(actor.get(), pathTenant.get());
      problems.write(
          request,
          response,
          HttpStatus.NOT_FOUND,
          "Tenant not found",
          "No tenant named '" + pathTenant.get() + "'.");
      return;
    }
    chain.doFilter(request, response);
  }

  static Optional<String> pathTenant(HttpServletRequest request) {
    String path = UrlPathHelper.defaultInstance.getPathWithinApplication(request);
    if (!path.startsWith(PREFIX)) {
      return Optional.empty();
    }
    String rest = path.substring(PREFIX.length());
    int slash = rest.indexOf('/');
    String segment = slash < 0 ? rest : rest.substring(0, slash);
    return segment.isEmpty() ? Optional.empty() : Optional.of(segment);
  }
}
