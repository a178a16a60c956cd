package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.Map;

/**
 * OpenAPI's patterns are ECMA-262 regular expressions without the {@code u} flag, which cannot name
 * a Unicode class ({@code \p{L}}: a letter of any script). Such a pattern, which Bean Validation
 * checks in Java, leaves the document's {@code pattern} (a validator or client would misread it)
 * for {@code x-java-pattern}, and the description says so.
 */
final class EcmaPatterns {

  private EcmaPatterns() {}

  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  static void check(OpenAPI api) {
    api.getComponents().getSchemas().values().forEach(EcmaPatterns::check);
  }

  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  private static void check(Schema s) {
    if (s == null) {
      return;
    }
    String pattern = s.getPattern();
    if (pattern != null && pattern.contains("\\p{")) {
      s.setPattern(null);
      s.addExtension("x-java-pattern", pattern);
      String said = s.getDescription() == null ? "" : s.getDescription() + " ";
      s.setDescription(
          said + "The service checks it against x-java-pattern (Java, with Unicode classes).");
    }
    if (s.getProperties() != null) {
      ((Map<String, Schema>) s.getProperties()).values().forEach(EcmaPatterns::check);
    }
    check(s.getItems());
  }
}
