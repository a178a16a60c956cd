package io.tenantfabric.controller.apidoc;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;

/**
 * The fields each answer's schema may hold {@code null} in, read from the views themselves (a
 * record component marked {@code @Schema(nullable = true)}), by schema name. swagger drops the flag
 * where the field's type is another schema (OpenAPI 3.0 ignores a {@code $ref}'s siblings), so the
 * document is corrected from here.
 */
final class NullableFields {

  private static final String VIEWS = "io.tenantfabric.controller";

  private NullableFields() {}

  static Map<String, Set<String>> bySchema() {
    ClassPathScanningCandidateComponentProvider scanner =
        new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(
        (reader, factory) ->
            "java.lang.Record".equals(reader.getClassMetadata().getSuperClassName()));
    Map<String, Set<String>> nullable = new TreeMap<>();
    scanner
        .findCandidateComponents(VIEWS)
        .forEach(
            candidate -> {
              Class<?> view = load(candidate.getBeanClassName());
              Schema named = view.getAnnotation(Schema.class);
              String schema =
                  named != null && !named.name().isEmpty() ? named.name() : view.getSimpleName();
              for (RecordComponent c : view.getRecordComponents()) {
                Field f = field(view, c.getName());
                Schema s = f.getAnnotation(Schema.class);
                if (s != null && s.nullable()) {
                  JsonProperty json = f.getAnnotation(JsonProperty.class);
                  nullable
                      .computeIfAbsent(schema, k -> new TreeSet<>())
                      .add(json != null && !json.value().isEmpty() ? json.value() : c.getName());
                }
              }
            });
    return nullable;
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, NullableFields.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("a scanned view cannot be loaded: " + name, e);
    }
  }

  private static Field field(Class<?> view, String name) {
    try {
      return view.getDeclaredField(name);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("a record without its component's field: " + view, e);
    }
  }
}
