package io.tenantfabric.controller.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/** 401 (or 429) and 403 as RFC 9457 problems, with the RFC 6750 challenge on 401. */
final class ProblemAuthenticationEntryPoint
    implements AuthenticationEntryPoint, AccessDeniedHandler {

  private final AuthRefusals refusals;

  ProblemAuthenticationEntryPoint(AuthRefusals refusals) {
    this.refusals = refusals;
  }

  @Override
  public void commence(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    refusals.unauthorized(
        request,
        response,
        Optional.empty(),
        "no bearer token",
        "Bearer realm=\"tenant-fabric\"",
        "This endpoint needs an 'Authorization: Bearer <token>' header.");
  }

  @Override
  public void handle(
      HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
      throws IOException {
    refusals.forbidden(request, response);
  }
}
