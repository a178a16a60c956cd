package io.tenantfabric.controller.security;

import org.springframework.security.web.header.HeaderWriter;
import org.springframework.security.web.header.writers.DelegatingRequestMatcherHeaderWriter;
import org.springframework.security.web.header.writers.StaticHeadersWriter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;

/**
 * The console's Content-Security-Policy, on {@code /console} and {@code /console/**} only: its own
 * scripts, styles and API calls, nothing inline, nothing from elsewhere, never framed. Swagger UI
 * and the API keep the headers they had.
 */
final class ConsoleHeaders {

  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  private ConsoleHeaders() {}

  /** Writes the policy on the console's paths, nothing elsewhere. */
  static HeaderWriter writer() {
    PathPatternRequestMatcher.Builder paths = PathPatternRequestMatcher.withDefaults();
    return new DelegatingRequestMatcherHeaderWriter(
        new OrRequestMatcher(paths.matcher("/console"), paths.matcher("/console/**")),
        new StaticHeadersWriter("Content-Security-Policy", CONTENT_SECURITY_POLICY));
  }
}
