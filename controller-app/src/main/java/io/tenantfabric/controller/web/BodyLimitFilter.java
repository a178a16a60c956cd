package io.tenantfabric.controller.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits request bodies before anything reads them: a declared Content-Length above the limit is
 * answered 413 at once, before authentication; a body without one is counted while it is read and
 * fails with 413 when it passes the limit (a chunked body is read ahead, after the bearer token is
 * checked, by {@link BodyReadAhead}). The API is JSON only, so request parameters come from the
 * query string alone: no form body is ever parsed, before or after authentication, so that an
 * unauthenticated form post gets the API's own answer, never a 500.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class BodyLimitFilter extends OncePerRequestFilter {

  private final WebLimitsProperties limits;
  private final ProblemResponseWriter problems;

  BodyLimitFilter(WebLimitsProperties limits, ProblemResponseWriter problems) {
    this.limits = limits;
    this.problems = problems;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long limit = limitFor(request);
    long declared = request.getContentLengthLong();
    if (declared > limit) {
      problems.write(request, response, TooLarge.problem(request, limit));
      return;
    }
    try {
      chain.doFilter(new LimitedRequest(request, limit), response);
    } catch (IOException | ServletException | RuntimeException e) {
      // a body read outside Spring MVC's message converters (any filter, at any stage) still
      // gets the 413 problem and no stack trace in the log
      PayloadTooLargeException tooLarge = ProblemAdvice.causeOf(e, PayloadTooLargeException.class);
      if (tooLarge == null || response.isCommitted()) {
        throw e;
      }
      response.reset();
      problems.write(request, response, TooLarge.problem(request, tooLarge.limit()));
    }
  }

  long limitFor(HttpServletRequest request) {
    return limitFor(request, limits);
  }

  /** The body limit of {@code request}'s endpoint, in bytes. */
  static long limitFor(HttpServletRequest request, WebLimitsProperties limits) {
    // a whole spec with every switch's inventory: defined, or planned as a growth
    boolean fabric =
        ("PUT".equals(request.getMethod()) && "/api/v1/fabric".equals(request.getRequestURI()))
            || ("POST".equals(request.getMethod())
                && "/api/v1/fabric/growth".equals(request.getRequestURI()));
    return fabric ? limits.maxFabricBody().toBytes() : limits.maxBody().toBytes();
  }

  /** The 413 problem for a body over {@code limit} bytes. */
  static final class TooLarge {
    private TooLarge() {}

    static ProblemDetail problem(HttpServletRequest request, long limit) {
      var p =
          Problems.of(
              HttpStatus.CONTENT_TOO_LARGE,
              "Request body too large",
              "The request body exceeds the limit of " + limit + " bytes for this endpoint.",
              request);
      p.setProperty("limitBytes", limit);
      return p;
    }
  }

  private static final class LimitedRequest extends HttpServletRequestWrapper {
    private final long limit;
    private ServletInputStream stream;
    private Map<String, String[]> parameters;

    LimitedRequest(HttpServletRequest request, long limit) {
      super(request);
      this.limit = limit;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (stream == null) {
        stream = new LimitedStream(super.getInputStream(), limit);
      }
      return stream;
    }

    @Override
    public String getParameter(String name) {
      String[] values = queryParameters().get(name);
      return values == null ? null : values[0];
    }

    @Override
    public Map<String, String[]> getParameterMap() {
      return queryParameters();
    }

    @Override
    public Enumeration<String> getParameterNames() {
      return Collections.enumeration(queryParameters().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
      String[] values = queryParameters().get(name);
      return values == null ? null : values.clone();
    }

    private Map<String, String[]> queryParameters() {
      if (parameters == null) {
        parameters = QueryStrings.parse(getQueryString());
      }
      return parameters;
    }
  }

  private static final class LimitedStream extends ServletInputStream {
    private final ServletInputStream in;
    private final long limit;
    private long read;

    LimitedStream(ServletInputStream in, long limit) {
      this.in = in;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
      int n = in.read(buf, off, len);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws PayloadTooLargeException {
      read += n;
      if (read > limit) {
        throw new PayloadTooLargeException(limit);
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
