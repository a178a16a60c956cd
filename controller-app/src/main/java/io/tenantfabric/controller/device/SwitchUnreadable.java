package io.tenantfabric.controller.device;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A 503 problem with {@code Retry-After}: the switch could not be read now (unreachable, refused,
 * timed out), in the device's or the transport's words. An {@link ErrorResponseException} rather
 * than an {@code ApiException}, because only it carries a response header to the problem handler.
 */
final class SwitchUnreadable extends ErrorResponseException {

  private static final long serialVersionUID = 1L;

  // the provisioner's own back-off of a failing switch tops out at 5 s by default
  static final int RETRY_AFTER_SECONDS = 5;

  SwitchUnreadable(String device, RuntimeException cause) {
    super(HttpStatus.SERVICE_UNAVAILABLE, problem(device, cause), cause);
    getHeaders().set(HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS));
  }

  private static ProblemDetail problem(String device, RuntimeException cause) {
    String words = String.valueOf(cause.getMessage());
    if (words.startsWith(device + ": ")) { // NetconfException names the device first
      words = words.substring(device.length() + 2);
    }
    ProblemDetail p =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.SERVICE_UNAVAILABLE, device + " could not be read: " + words);
    p.setTitle("Switch unreachable");
    p.setProperty("device", device);
    p.setProperty("retryAfterSeconds", RETRY_AFTER_SECONDS);
    return p;
  }
}
