package io.tenantfabric.controller.web;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;

/**
 * Field names in problems are JSON pointers (RFC 6901) into the request body: {@code
 * /devices/0/host}.
 */
final class FieldPaths {

  private static final Pattern INDEX = Pattern.compile("\\[(\\d+)]");

  private FieldPaths() {}

  /** The pointer of a Jackson reference path, or empty for the document itself. */
  static String pointer(List<JacksonException.Reference> path) {
    StringBuilder sb = new StringBuilder();
    for (JacksonException.Reference ref : path) {
      sb.append('/');
      if (ref.getPropertyName() != null) {
        sb.append(escape(ref.getPropertyName()));
      } else if (ref.getIndex() >= 0) {
        sb.append(ref.getIndex());
      } else {
        sb.append('-');
      }
    }
    return sb.toString();
  }

  /** The pointer of a bean-validation property path like {@code devices[0].host}. */
  static String pointer(String propertyPath) {
    if (propertyPath == null || propertyPath.isEmpty()) {
      return "";
    }
    Matcher m = INDEX.matcher(propertyPath);
    String dotted = m.replaceAll(".$1");
    StringBuilder sb = new StringBuilder();
    for (String part : dotted.split("\\.")) {
      if (!part.isEmpty()) {
        sb.append('/').append(escape(part));
      }
    }
    return sb.toString();
  }

  // RFC 6901 §3: '~' is written '~0' and '/' is written '~1'
  private static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }
}
