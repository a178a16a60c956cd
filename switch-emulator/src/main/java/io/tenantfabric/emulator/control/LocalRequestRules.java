package io.tenantfabric.emulator.control;

import java.util.List;
import java.util.Locale;

/**
 * What keeps a web page in the developer's browser from driving the control API. The API is bound
 * to loopback, but a page can still send it requests: a cross-site "simple" POST (text/plain, no
 * preflight), or any request after DNS rebinding points its own host name at 127.0.0.1. So the Host
 * must name this API on loopback, and every request that can change state must be JSON, which a
 * browser sends cross-site only after a CORS preflight that this API never approves.
 */
final class LocalRequestRules {
  private LocalRequestRules() {}

  /** 421 unless {@code hosts} is exactly one of 127.0.0.1:port or localhost:port. */
  static void checkHost(List<String> hosts, int port) throws ApiError {
    String expected = "127.0.0.1:" + port + " or localhost:" + port;
    if (hosts == null || hosts.size() != 1) {
      throw new ApiError(421, "the Host header must be " + expected);
    }
    String host = hosts.get(0).trim().toLowerCase(Locale.ROOT);
    if (!host.equals("127.0.0.1:" + port) && !host.equals("localhost:" + port)) {
      throw new ApiError(
          421,
          "Host '"
              + hosts.get(0)
              + "' is not this control API; use "
              + expected
              + " (requests for other host names are refused against DNS rebinding)");
    }
  }

  /** 415 for a request other than GET/HEAD whose Content-Type is not application/json. */
  static void checkContentType(String method, String contentType) throws ApiError {
    if (method.equals("GET") || method.equals("HEAD")) {
      return;
    }
    String media =
        contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    if (!media.equals("application/json")) {
      throw new ApiError(
          415,
          method
              + " needs 'Content-Type: application/json' (got "
              + (contentType == null ? "none" : "'" + contentType + "'")
              + "), even without a body: a cross-site page cannot send that without a CORS"
              + " preflight");
    }
  }

  /** {@code path} without trailing slashes, in linear time (a regex was quadratic in '/'). */
  static String trimTrailingSlashes(String path) {
    int end = path.length();
    while (end > 0 && path.charAt(end - 1) == '/') {
      end--;
    }
    return path.substring(0, end);
  }
}
