package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every field of an answer is always there, so the document marks each one required, except those
 * that may be {@code null} (nullable) or left out (marked nullable where a view omits its nulls).
 * Only schemas an answer reaches are touched: requests keep the Bean Validation rules springdoc
 * reads ({@code @NotNull} is required).
 */
final class AnswerFields {

  private static final String SCHEMAS = "#/components/schemas/";

  private AnswerFields() {}

  // swagger's model hands out raw Schema maps
  @SuppressWarnings({"rawtypes", "unchecked"})
  static void markRequired(OpenAPI api) {
    Map<String, Schema> schemas = api.getComponents().getSchemas();
    if (schemas == null) {
      return;
    }
    Map<String, Set<String>> nullable = NullableFields.bySchema();
    for (String name : answered(api, schemas)) {
      Schema schema = schemas.get(name);
      Map<String, Schema> properties = schema == null ? null : schema.getProperties();
      if (properties == null || name.equals(ProblemResponses.PROBLEM)) {
        continue;
      }
      Set<String> mayBeNull = nullable.getOrDefault(name, Set.of());
      List<String> required = new ArrayList<>();
      properties.replaceAll(
          (property, p) -> {
            Schema q = mayBeNull.contains(property) ? nullable(p) : p;
            if (!Boolean.TRUE.equals(q.getNullable())) {
              required.add(property);
            }
            return q;
          });
      schema.setRequired(required.isEmpty() ? null : required);
    }
  }

  /**
   * {@code p} allowing null: a reference to another schema becomes a nullable {@code allOf} of it,
   * which validators and generators read as "this, or null".
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static Schema nullable(Schema p) {
    if (p.get$ref() == null) {
      // a free-form object is one schema shared by every use: a copy carries this use's flag
      Schema q = "object".equals(p.getType()) && p.getProperties() == null ? new ObjectSchema() : p;
      q.setNullable(true);
      return q;
    }
    Schema wrapped = new Schema<>();
    wrapped.setNullable(true);
    wrapped.setType("object");
    wrapped.setAllOf(List.of(new Schema<>().$ref(p.get$ref())));
    wrapped.setDescription(p.getDescription());
    return wrapped;
  }

  /** The names of the component schemas some answer reaches, through any depth of references. */
  @SuppressWarnings({"rawtypes", "unchecked"})
  static Set<String> answered(OpenAPI api, Map<String, Schema> schemas) {
    Deque<Schema> todo = new ArrayDeque<>();
    for (ApiResponse r : Answers.of(api)) {
      if (r.getContent() != null) {
        r.getContent().values().forEach(m -> todo.add(m.getSchema()));
      }
    }
    Set<String> seen = new TreeSet<>();
    while (!todo.isEmpty()) {
      Schema s = todo.pop();
      if (s == null) {
        continue;
      }
      if (s.get$ref() != null) {
        String name = s.get$ref().substring(SCHEMAS.length());
        if (seen.add(name) && schemas.get(name) != null) {
          todo.add(schemas.get(name));
        }
        continue;
      }
      if (s.getProperties() != null) {
        todo.addAll(((Map<String, Schema>) s.getProperties()).values());
      }
      if (s.getItems() != null) {
        todo.add(s.getItems());
      }
      if (s.getAdditionalProperties() instanceof Schema extra) {
        todo.add(extra);
      }
      for (List<Schema> members : new List[] {s.getAllOf(), s.getOneOf(), s.getAnyOf()}) {
        if (members != null) {
          todo.addAll(members);
        }
      }
    }
    return seen;
  }
}
