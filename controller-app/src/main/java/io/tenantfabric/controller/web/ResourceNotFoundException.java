package io.tenantfabric.controller.web;

import org.springframework.http.HttpStatus;

/** A 404 problem: the addressed resource does not exist or is not visible to the caller. */
public class ResourceNotFoundException extends ApiException {

  private static final long serialVersionUID = 1L;

  /** A 404 with the title "Not found". */
  public ResourceNotFoundException(String detail) {
    this("Not found", detail);
  }

  /** A 404 with its own title, e.g. "Tenant not found". */
  public ResourceNotFoundException(String title, String detail) {
    super(HttpStatus.NOT_FOUND, title, detail);
  }
}
