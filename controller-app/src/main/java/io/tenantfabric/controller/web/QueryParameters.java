package io.tenantfabric.controller.web;

import org.springframework.http.HttpStatus;

/** Query parameters read as text and checked here, so that junk is a 400 naming the parameter. */
public final class QueryParameters {

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
      throw new ApiException(
              HttpStatus.BAD_REQUEST,
              "Invalid query parameter",
              name + " must be an integer from " + min + " to " + max + ".")
          .field(name);
    }
    return v;
  }
}
