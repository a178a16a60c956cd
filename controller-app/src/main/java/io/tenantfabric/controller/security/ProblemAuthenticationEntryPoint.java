package io.tenantfabric.controller.security;

import io.tenantfabric.controller.web.ProblemResponseWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/** 401 and 403 as RFC 9457 problems, with the RFC 6750 challenge on 401. */
final class ProblemAuthenticationEntryPoint
    implements AuthenticationEntryPoint, AccessDeniedHandler {

  private final ProblemResponseWriter problems;

  ProblemAuthenticationEntryPoint(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @Override
  public void commence(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"tenant-fabric\"");
    problems.write(
        request,
        response,
        HttpStatus.UNAUTHORIZED,
        "Unauthorized",
        "This endpoint needs an 'Authorization: Bearer <token>' header.");
  }

  @Override
  public void handle(
      HttpServletRequest request,
      HttpServletResponse response,
      org.springframework.security.access.AccessDeniedException e)
      throws IOException {
    problems.write(
        request,
        response,
        HttpStatus.FORBIDDEN,
        "Forbidden",
        "The role of this token may not " + request.getMethod() + " this resource.");
  }
}
