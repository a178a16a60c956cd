package io.tenantfabric.controller.web;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/** Builds the RFC 9457 problems of this API: title, detail, instance and the request id. */
public final class Problems {

  /** Problem property carrying the request id. */
  public static final String REQUEST_ID = "requestId";

  private Problems() {}

  /** A problem for {@code request} with this status, title and detail. */
  public static ProblemDetail of(
      HttpStatusCode status, String title, String detail, HttpServletRequest request) {
    ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
    p.setTitle(title);
    decorate(p, request);
    return p;
  }

  /** Adds the instance (request path) and the request id to {@code p}. */
  public static ProblemDetail decorate(ProblemDetail p, HttpServletRequest request) {
    if (request != null) {
      if (p.getInstance() == null) {
        try {
          p.setInstance(URI.create(request.getRequestURI()));
        } catch (IllegalArgumentException e) {
          // a path that is not a valid URI reference is left out rather than echoed
          p.setInstance(null);
        }
      }
      RequestIds.of(request).ifPresent(id -> p.setProperty(REQUEST_ID, id));
    }
    return p;
  }
}
