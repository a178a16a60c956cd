package io.tenantfabric.controller.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.function.Predicate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads a chunked request body (one without a Content-Length) ahead, at most one byte past its
 * limit, so that a body above the limit gets its 413 before the role rules answer and nothing
 * downstream ever sees a partial body. It runs in the security chain after the bearer token is
 * checked, so a refused token never costs a body read; an anonymous request's body is read only for
 * as long as {@code anonymousTimeout} (beyond it: 408, and the connection closes), so that a client
 * without a token that sends its body slowly cannot hold a request thread for longer.
 */
public final class BodyReadAhead extends OncePerRequestFilter {

  private final WebLimitsProperties limits;
  private final ProblemResponseWriter problems;
  private final Duration anonymousTimeout;
  private final Predicate<HttpServletRequest> authenticated;

  /**
   * Reads ahead within {@code limits}; {@code authenticated} tells a request that presented a valid
   * token, whose body is read without a deadline, from an anonymous one.
   */
  public BodyReadAhead(
      WebLimitsProperties limits,
      ProblemResponseWriter problems,
      Duration anonymousTimeout,
      Predicate<HttpServletRequest> authenticated) {
    this.limits = limits;
    this.problems = problems;
    this.anonymousTimeout = anonymousTimeout;
    this.authenticated = authenticated;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (request.getContentLengthLong() >= 0
        || request.getHeader(HttpHeaders.TRANSFER_ENCODING) == null) {
      chain.doFilter(request, response);
      return;
    }
    long limit = BodyLimitFilter.limitFor(request, limits);
    boolean bounded = !authenticated.test(request);
    long deadline = System.nanoTime() + anonymousTimeout.toNanos();
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    InputStream in = request.getInputStream();
    try {
      while (true) {
        if (bounded && System.nanoTime() - deadline > 0) {
          problems.write(request, response, tooSlow(request));
          return;
        }
        // at most one byte past the limit: enough to know the body is too large
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, limit + 1 - body.size()));
        if (n < 0) {
          break;
        }
        body.write(buffer, 0, n);
        if (body.size() > limit) {
          problems.write(request, response, BodyLimitFilter.TooLarge.problem(request, limit));
          return;
        }
      }
    } catch (PayloadTooLargeException e) {
      problems.write(request, response, BodyLimitFilter.TooLarge.problem(request, e.limit()));
      return;
    }
    chain.doFilter(new ReadRequest(request, body.toByteArray()), response);
  }

  private ProblemDetail tooSlow(HttpServletRequest request) {
    return Problems.of(
        HttpStatus.REQUEST_TIMEOUT,
        "Request body too slow",
        "The request body did not arrive within "
            + anonymousTimeout.toMillis()
            + " ms; requests without a token must send theirs at once.",
        request);
  }

  /** The request with its body read already. */
  private static final class ReadRequest extends HttpServletRequestWrapper {
    private final ServletInputStream stream;

    ReadRequest(HttpServletRequest request, byte[] body) {
      super(request);
      this.stream = new ReadBody(body);
    }

    @Override
    public ServletInputStream getInputStream() {
      return stream;
    }
  }

  private static final class ReadBody extends ServletInputStream {
    private final ByteArrayInputStream in;

    ReadBody(byte[] body) {
      this.in = new ByteArrayInputStream(body);
    }

    @Override
    public int read() {
      return in.read();
    }

    @Override
    public int read(byte[] buf, int off, int len) {
      return in.read(buf, off, len);
    }

    @Override
    public boolean isFinished() {
      return in.available() == 0;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
      throw new IllegalStateException("the body was read already; no asynchronous reads");
    }
  }
}
