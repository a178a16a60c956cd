package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Discriminator;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An answer that takes one of several shapes (an allocation or a dry run's plan; a slice or a page
 * of events) is a {@code oneOf} whose members each carry a constant {@code kind}: this names it as
 * the discriminator, with the mapping from each value to its schema, so that generated clients pick
 * the right type without trying each.
 */
final class KindDiscriminators {

  static final String KIND = "kind";
  private static final String SCHEMAS = "#/components/schemas/";

  private KindDiscriminators() {}

  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  static void add(OpenAPI api) {
    Map<String, Schema> schemas = api.getComponents().getSchemas();
    for (ApiResponse r : Answers.of(api)) {
      if (r.getContent() != null) {
        r.getContent().values().forEach(m -> m.setSchema(named(m.getSchema(), schemas)));
      }
    }
  }

  /**
   * A oneOf answer as a component of its own, named after its members ({@code
   * AllocationOrAllocationPlan}), so that every generated client gives it the same type name.
   */
  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  private static Schema named(Schema schema, Map<String, Schema> schemas) {
    if (schema == null || schema.getOneOf() == null) {
      return schema;
    }
    discriminate(schema, schemas);
    StringBuilder name = new StringBuilder();
    for (Schema member : (List<Schema>) schema.getOneOf()) {
      name.append(name.length() == 0 ? "" : "Or")
          .append(member.get$ref().substring(SCHEMAS.length()));
    }
    schemas.put(name.toString(), schema);
    return new Schema<>().$ref(SCHEMAS + name);
  }

  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  private static void discriminate(Schema schema, Map<String, Schema> schemas) {
    if (schema == null || schema.getOneOf() == null) {
      return;
    }
    Map<String, String> mapping = new TreeMap<>();
    for (Schema member : (List<Schema>) schema.getOneOf()) {
      String ref = member.get$ref();
      Schema target = ref == null ? null : schemas.get(ref.substring(SCHEMAS.length()));
      Schema kind =
          target == null || target.getProperties() == null
              ? null
              : (Schema) target.getProperties().get(KIND);
      if (kind == null || kind.getEnum() == null || kind.getEnum().size() != 1) {
        throw new IllegalStateException(
            "a oneOf member without a constant '" + KIND + "': " + (ref == null ? member : ref));
      }
      mapping.put(String.valueOf(kind.getEnum().get(0)), ref);
    }
    schema.setDiscriminator(new Discriminator().propertyName(KIND).mapping(mapping));
  }
}
