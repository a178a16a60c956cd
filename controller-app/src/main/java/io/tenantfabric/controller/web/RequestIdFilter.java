package io.tenantfabric.controller.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request an id: a sane {@code X-Request-Id} from the client is kept, anything else is
 * replaced by a random UUID; the id is echoed in the response header, problems, logs (MDC) and
 * audit events.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestIdFilter extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String id = RequestIds.acceptOrGenerate(request.getHeader(RequestIds.HEADER));
    request.setAttribute(RequestIds.ATTRIBUTE, id);
    response.setHeader(RequestIds.HEADER, id);
    MDC.put(RequestIds.MDC_KEY, id);
    try {
      chain.doFilter(request, response);
    } finally {
      MDC.remove(RequestIds.MDC_KEY);
    }
  }

  @Override
  protected boolean shouldNotFilterErrorDispatch() {
    // the error dispatch keeps the attribute of the original request; no new id
    return true;
  }
}
