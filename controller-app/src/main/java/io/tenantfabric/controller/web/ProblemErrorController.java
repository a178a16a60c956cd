package io.tenantfabric.controller.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Replaces Boot's error page: errors raised outside MVC (the servlet container, filters) also
 * answer with a problem, without exception text.
 */
@RestController
class ProblemErrorController implements ErrorController {

  @RequestMapping("${server.error.path:/error}")
  ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    HttpStatus status = HttpStatus.INTERNAL_SERVER_ERROR;
    if (code instanceof Integer c) {
      HttpStatus resolved = HttpStatus.resolve(c);
      status = resolved == null ? status : resolved;
    }
    String detail =
        status.is5xxServerError()
            ? "The request failed on the server; quote the request id when reporting it."
            : "The request cannot be served: " + status.getReasonPhrase() + ".";
    ProblemDetail p = Problems.of(status, status.getReasonPhrase(), detail, request);
    Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    if (uri instanceof String s) {
      p.setInstance(null);
      Problems.decorate(p, requestWithUri(request, s));
    }
    return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
  }

  private static HttpServletRequest requestWithUri(HttpServletRequest request, String uri) {
    return new HttpServletRequestWrapper(request) {
      @Override
      public String getRequestURI() {
        return uri;
      }
    };
  }
}
