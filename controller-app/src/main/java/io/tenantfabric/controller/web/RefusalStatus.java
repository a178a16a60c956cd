package io.tenantfabric.controller.web;

import io.tenantfabric.controller.refusal.Refusal;
import org.springframework.http.HttpStatus;

/** The one place a refusal's reason becomes an HTTP status. */
final class RefusalStatus {
  private RefusalStatus() {}

  static HttpStatus of(Refusal refusal) {
    return switch (refusal.reason()) {
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
