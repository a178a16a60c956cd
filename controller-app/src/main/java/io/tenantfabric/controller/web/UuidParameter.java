package io.tenantfabric.controller.web;

import io.tenantfabric.controller.refusal.Refusal;
import java.util.UUID;

/** An id in a path: a UUID in its canonical form, else a 400 naming the parameter. */
public final class UuidParameter {

  private UuidParameter() {}

  /** {@code what} names the id in the problem's title and detail ("allocation id"). */
  public static UUID parse(String raw, String field, String what) {
    try {
      UUID id = UUID.fromString(raw);
      if (id.toString().equalsIgnoreCase(raw)) {
        return id;
      }
    } catch (IllegalArgumentException e) {
      // fall through to the 400 below: not a UUID
    }
    String article = what.matches("^[aeiou].*") ? "An " : "A ";
    throw Refusal.invalid("Invalid " + what, article + what + " is a UUID.").field(field);
  }
}
