package io.tenantfabric.emulator.control;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reading a request body's fields, with 400 answers that name the field ({@code cables[1].port}).
 */
final class JsonFields {
  private JsonFields() {}

  /** 400 for a field of {@code body} not in {@code known}; {@code prefix} locates the object. */
  static void rejectUnknown(JsonNode body, String prefix, String... known) throws ApiError {
    List<String> k = List.of(known);
    for (String f : body.propertyNames()) {
      if (!k.contains(f)) {
        throw new ApiError(400, "unknown field '" + prefix + f + "'");
      }
    }
  }

  /** The text of a required string field. */
  static String string(JsonNode body, String prefix, String name) throws ApiError {
    JsonNode n = body.get(name);
    if (n == null || !n.isString() || n.asString().isEmpty()) {
      throw new ApiError(400, "field '" + prefix + name + "' must be a non-empty string");
    }
    return n.asString();
  }

  /** The value of a required boolean field. */
  static boolean bool(JsonNode body, String prefix, String name) throws ApiError {
    JsonNode n = body.get(name);
    if (n == null || !n.isBoolean()) {
      throw new ApiError(400, "field '" + prefix + name + "' must be true or false");
    }
    return n.asBoolean();
  }
}
