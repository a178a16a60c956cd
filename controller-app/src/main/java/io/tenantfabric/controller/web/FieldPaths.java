package io.tenantfabric.controller.web;

import java.util.List;
import tools.jackson.core.JacksonException;

/**
 * Field names in problems are dotted paths into the request body, with indexes in brackets: {@code
 * gpus}, {@code devices[0].host}, the same form bean validation uses; path variables, query
 * parameters and headers are named as declared ({@code tenant}, {@code Idempotency-Key}).
 */
final class FieldPaths {

  private FieldPaths() {}

  /** The dotted path of a Jackson reference path, or empty for the document itself. */
  static String of(List<JacksonException.Reference> path) {
    StringBuilder sb = new StringBuilder();
    for (JacksonException.Reference ref : path) {
      if (ref.getPropertyName() != null) {
        if (sb.length() > 0) {
          sb.append('.');
        }
        sb.append(ref.getPropertyName());
      } else if (ref.getIndex() >= 0) {
        sb.append('[').append(ref.getIndex()).append(']');
      }
    }
    return sb.toString();
  }
}
