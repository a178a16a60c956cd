package io.tenantfabric.controller.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The 503 of {@link DatabaseBusy} for what fails before Spring MVC, whose {@link ProblemAdvice}
 * answers the rest: a filter's database work (the bearer token's lookup) that finds no pooled
 * connection in time, hits a lock or statement timeout, or finds no primary (a failover), gets the
 * same problem with {@code Retry-After}, never a 500 with a stack trace.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
class DatabaseBusyFilter extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(DatabaseBusyFilter.class);

  private final ProblemResponseWriter problems;

  DatabaseBusyFilter(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try {
      chain.doFilter(request, response);
    } catch (IOException | ServletException | RuntimeException e) {
      Optional<DatabaseBusy.Cause> cause = DatabaseBusy.reason(e);
      if (cause.isEmpty() || response.isCommitted()) {
        throw e;
      }
      log.info(
          "{} answered 503 before the controller: {}", cause.get().title(), cause.get().reason());
      response.reset();
      RequestIds.of(request).ifPresent(id -> response.setHeader(RequestIds.HEADER, id));
      response.setHeader(
          HttpHeaders.RETRY_AFTER, Integer.toString(cause.get().retryAfterSeconds()));
      problems.write(request, response, DatabaseBusy.problem(cause.get(), request));
    }
  }
}
