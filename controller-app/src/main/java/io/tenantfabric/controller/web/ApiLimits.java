package io.tenantfabric.controller.web;

/**
 * Bounds the API checks and its document states, as compile-time constants so that a request's
 * validation annotation and the document's schema name the same one.
 */
public final class ApiLimits {

  /** Most GPUs a tenant may hold and an allocation may ask for: the largest fabric's GPUs. */
  public static final int MAX_GPUS = 10_240;

  /** {@link #MAX_GPUS} as the text springdoc's annotations take. */
  public static final String MAX_GPUS_TEXT = "" + MAX_GPUS;

  private ApiLimits() {}
}
