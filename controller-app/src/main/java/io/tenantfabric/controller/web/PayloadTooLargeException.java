package io.tenantfabric.controller.web;

import java.io.IOException;

/** Thrown while reading a request body (chunked, no Content-Length) that exceeds its limit. */
final class PayloadTooLargeException extends IOException {

  private static final long serialVersionUID = 1L;

  private final long limit;

  PayloadTooLargeException(long limit) {
    super("request body exceeds " + limit + " bytes");
    this.limit = limit;
  }

  long limit() {
    return limit;
  }
}
