package io.tenantfabric.controller.web;

import io.tenantfabric.controller.refusal.Refusal;

/** Query parameters read as text and checked here, so that junk is a 400 naming the parameter. */
public final class QueryParameters {
  /** The largest page (or list limit) any list endpoint serves. */
  public static final int MAX_PAGE_SIZE = 200;

  /** The highest page number a paged list accepts. */
  public static final int MAX_PAGE = 1_000_000;

  private QueryParameters() {}

  /**
   * {@code raw} as an integer in {@code min..max}, or a 400 problem whose field is {@code name}.
   */
  public static int boundedInt(String raw, String name, int min, int max) {
    int v;
    try {
      v = Integer.parseInt(raw.strip());
    } catch (NumberFormatException e) {
      v = Integer.MIN_VALUE;
    }
    if (v < min || v > max) {
      throw Refusal.invalid(
              "Invalid query parameter",
              name + " must be an integer from " + min + " to " + max + ".")
          .field(name);
    }
    return v;
  }

  /**
   * {@code raw} as a positive long (an id), or a 400 problem whose field is {@code name}; null (the
   * parameter is absent) is a 400 too.
   */
  public static long positiveLong(String raw, String name) {
    if (raw == null) {
      throw missing(name);
    }
    long v;
    try {
      v = Long.parseLong(raw.strip());
    } catch (NumberFormatException e) {
      v = 0;
    }
    if (v < 1) {
      throw Refusal.invalid("Invalid query parameter", name + " must be a positive integer.")
          .field(name);
    }
    return v;
  }

  /** The 400 problem for a required parameter that is absent, naming it. */
  public static Refusal missing(String name) {
    return Refusal.invalid("Missing parameter", "'" + name + "' is required.").field(name);
  }
}
