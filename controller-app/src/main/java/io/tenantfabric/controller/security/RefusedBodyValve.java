package io.tenantfabric.controller.security;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.Locale;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpHeaders;

/**
 * After an answer that told the client the connection closes ({@code Connection: close}: a refused
 * authentication of a request with a body, {@link AuthRefusals}; the statuses Tomcat closes on,
 * such as 408 and 413), does not read the unread rest of the request body: Tomcat would otherwise
 * read and discard it first (its "swallow", up to {@code server.tomcat.max-swallow-size}, however
 * slowly it comes), and a client that sends its body slowly would hold a request thread after its
 * answer. Answers that keep the connection are left alone, so no client finds a connection closed
 * that it was not told about.
 */
final class RefusedBodyValve extends ValveBase {

  RefusedBodyValve() {
    super(true);
  }

  @Override
  public void invoke(Request request, Response response) throws IOException, ServletException {
    getNext().invoke(request, response);
    if (!request.isAsync() && closes(response) && !request.isFinished()) {
      request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
    }
  }

  private static boolean closes(Response response) {
    for (String value : response.getHeaders(HttpHeaders.CONNECTION)) {
      if (value.toLowerCase(Locale.ROOT).contains("close")) {
        return true;
      }
    }
    return false;
  }
}
