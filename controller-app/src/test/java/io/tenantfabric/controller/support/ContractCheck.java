package io.tenantfabric.controller.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import io.tenantfabric.controller.api.OpenApiDocuments;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks an exchange of the integration tests against the committed API document (which
 * OpenApiDocumentIT holds equal to the served one): an undocumented status, field, header value or
 * content type fails the test. Properties the document does not list are errors (the validator's
 * default), so a field added to an answer must be documented first.
 */
public final class ContractCheck {

  private static final OpenApiInteractionValidator VALIDATOR =
      OpenApiInteractionValidator.createForSpecificationUrl(
              OpenApiDocuments.committedPath().toUri().toString())
          .build();

  private ContractCheck() {}

  /** Only the API's own paths are in the document (not the actuator, not the document itself). */
  static boolean covers(String path) {
    return path.startsWith("/api/");
  }

  /**
   * The problems of one exchange, one line each; none when it is as documented. With {@code
   * checkRequest} false (a test that sends a malformed request on purpose) only the answer is
   * checked.
   */
  public static List<String> problems(
      String method,
      String pathAndQuery,
      HttpHeaders requestHeaders,
      String requestBody,
      int status,
      HttpHeaders responseHeaders,
      String responseBody,
      boolean checkRequest) {
    URI uri = URI.create(pathAndQuery);
    SimpleRequest.Builder request =
        new SimpleRequest.Builder(Request.Method.valueOf(method), uri.getRawPath());
    if (uri.getRawQuery() != null) {
      for (String pair : uri.getRawQuery().split("&")) {
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        request.withQueryParam(name, eq < 0 ? "" : decode(pair.substring(eq + 1)));
      }
    }
    requestHeaders.map().forEach((name, values) -> request.withHeader(name, values));
    if (requestBody != null) {
      request.withBody(requestBody);
    }
    SimpleResponse.Builder response = SimpleResponse.Builder.status(status);
    for (Map.Entry<String, List<String>> h : responseHeaders.map().entrySet()) {
      response.withHeader(h.getKey(), h.getValue());
    }
    if (responseBody != null && !responseBody.isEmpty()) {
      response.withBody(responseBody);
    }
    // an event stream's answer is a stream of events the document describes in words: only the
    // request is checked against the document
    ValidationReport report =
        isEventStream(uri.getRawPath(), status)
            ? VALIDATOR.validateRequest(request.build())
            : VALIDATOR.validate(request.build(), response.build());
    return report.getMessages().stream()
        .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
        .filter(m -> checkRequest || !m.getKey().startsWith("validation.request"))
        .map(m -> m.getKey() + ": " + m.getMessage())
        .collect(Collectors.toList());
  }

  /** The event stream's open answer, left out of the answer's validation by its path. */
  static boolean isEventStream(String path, int status) {
    return status == 200 && path.equals("/api/v1/events");
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
