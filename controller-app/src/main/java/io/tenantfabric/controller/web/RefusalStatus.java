package io.tenantfabric.controller.web;

import io.tenantfabric.controller.refusal.Refusal;
import org.springframework.http.HttpStatus;

/** The one place a refusal's reason becomes an HTTP status. */
public final class RefusalStatus {
  private RefusalStatus() {}

  static HttpStatus of(Refusal refusal) {
    return of(refusal.reason());
  }

  /** The status code a refusal for {@code reason} answers with (the API document states it). */
  public static int code(Refusal.Reason reason) {
    return of(reason).value();
  }

  private static HttpStatus of(Refusal.Reason reason) {
    return switch (reason) {
      case INVALID -> HttpStatus.BAD_REQUEST;
      case FORBIDDEN -> HttpStatus.FORBIDDEN;
      case NOT_FOUND -> HttpStatus.NOT_FOUND;
      case CONFLICT -> HttpStatus.CONFLICT;
      case TOO_LARGE -> HttpStatus.CONTENT_TOO_LARGE;
      case UNPROCESSABLE -> HttpStatus.UNPROCESSABLE_CONTENT;
      case TOO_MANY -> HttpStatus.TOO_MANY_REQUESTS;
      case UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
    };
  }
}
