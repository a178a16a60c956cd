package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.math.BigDecimal;
import java.util.Map;

/**
 * Bounds on what the service answers, where a view does not state its own: a time is an ISO-8601
 * instant, an id a UUID, a count or id never negative and within its type, and text and lists
 * within what a Java string or list can hold. Requests carry the bounds their validation checks;
 * these only say that no answer is unbounded, so that a client can size its buffers.
 */
final class AnswerBounds {

  /** The longest ISO-8601 instant Java writes (a year beyond 9999 has a sign and more digits). */
  static final int INSTANT = 40;

  static final int UUID = 36;

  private AnswerBounds() {}

  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  static void add(OpenAPI api) {
    Map<String, Schema> schemas = api.getComponents().getSchemas();
    AnswerFields.answered(api, schemas).forEach(name -> bound(schemas.get(name)));
    for (ApiResponse r : Answers.of(api)) {
      if (r.getContent() != null) {
        r.getContent().values().forEach(m -> bound(m.getSchema()));
      }
      if (r.getHeaders() != null) {
        r.getHeaders().values().forEach(h -> bound(h.getSchema()));
      }
    }
  }

  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  static void bound(Schema s) {
    if (s == null || s.get$ref() != null) {
      return;
    }
    String type = s.getType();
    if ("string".equals(type) && s.getEnum() == null && s.getMaxLength() == null) {
      if ("date-time".equals(s.getFormat())) {
        s.setMaxLength(INSTANT);
      } else if ("uuid".equals(s.getFormat())) {
        s.setMaxLength(UUID);
        s.setPattern(ApiParameters.UUID_PATTERN);
      } else {
        s.setMaxLength(Integer.MAX_VALUE);
      }
    }
    if ("integer".equals(type)) {
      if (s.getMinimum() == null) {
        s.setMinimum(BigDecimal.ZERO);
      }
      if (s.getMaximum() == null) {
        s.setMaximum(
            BigDecimal.valueOf("int32".equals(s.getFormat()) ? Integer.MAX_VALUE : Long.MAX_VALUE));
      }
    }
    if ("array".equals(type) && s.getMaxItems() == null) {
      s.setMaxItems(Integer.MAX_VALUE);
    }
    if (s.getProperties() != null) {
      ((Map<String, Schema>) s.getProperties()).values().forEach(AnswerBounds::bound);
    }
    bound(s.getItems());
    if (s.getAdditionalProperties() instanceof Schema extra) {
      bound(extra);
    }
    if (s.getAllOf() != null) {
      ((java.util.List<Schema>) s.getAllOf()).forEach(AnswerBounds::bound);
    }
    if (s.getOneOf() != null) {
      ((java.util.List<Schema>) s.getOneOf()).forEach(AnswerBounds::bound);
    }
  }
}
