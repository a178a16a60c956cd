package io.tenantfabric.controller.web;

import org.springframework.http.HttpStatus;

/** A 409 problem: the request contradicts the current state (live allocations, capacity, ...). */
public class ConflictException extends ApiException {

  private static final long serialVersionUID = 1L;

  /** A 409 with the title "Conflict". */
  public ConflictException(String detail) {
    this("Conflict", detail);
  }

  /** A 409 with its own title, e.g. "Insufficient capacity". */
  public ConflictException(String title, String detail) {
    super(HttpStatus.CONFLICT, title, detail);
  }
}
