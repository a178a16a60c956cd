package io.tenantfabric.client;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.openapitools.openapidiff.core.OpenApiCompare;
import org.openapitools.openapidiff.core.compare.OpenApiDiffOptions;
import org.openapitools.openapidiff.core.model.BackwardIncompatibleProp;
import org.openapitools.openapidiff.core.model.Changed;
import org.openapitools.openapidiff.core.model.ChangedApiResponse;
import org.openapitools.openapidiff.core.model.ChangedContent;
import org.openapitools.openapidiff.core.model.ChangedHeader;
import org.openapitools.openapidiff.core.model.ChangedHeaders;
import org.openapitools.openapidiff.core.model.ChangedMediaType;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;
import org.openapitools.openapidiff.core.model.ChangedOperation;
import org.openapitools.openapidiff.core.model.ChangedParameter;
import org.openapitools.openapidiff.core.model.ChangedParameters;
import org.openapitools.openapidiff.core.model.ChangedRequestBody;
import org.openapitools.openapidiff.core.model.ChangedResponse;
import org.openapitools.openapidiff.core.model.ChangedSchema;
import org.openapitools.openapidiff.core.model.ChangedSecurityRequirement;
import org.openapitools.openapidiff.core.model.ChangedSecurityRequirements;
import org.openapitools.openapidiff.core.model.DiffContext;
import org.openapitools.openapidiff.core.model.Endpoint;
import org.openapitools.openapidiff.core.model.schema.ChangedEnum;
import org.openapitools.openapidiff.core.model.schema.ChangedMaxItems;
import org.openapitools.openapidiff.core.model.schema.ChangedMaxLength;
import org.openapitools.openapidiff.core.model.schema.ChangedMaxProperties;
import org.openapitools.openapidiff.core.model.schema.ChangedMinItems;
import org.openapitools.openapidiff.core.model.schema.ChangedMinLength;
import org.openapitools.openapidiff.core.model.schema.ChangedMinProperties;
import org.openapitools.openapidiff.core.model.schema.ChangedMultipleOf;
import org.openapitools.openapidiff.core.model.schema.ChangedNumericRange;
import org.openapitools.openapidiff.core.model.schema.ChangedOneOfSchema;
import org.openapitools.openapidiff.core.model.schema.ChangedPattern;
import org.openapitools.openapidiff.core.model.schema.ChangedRequired;

/**
 * The breaking changes between two OpenAPI documents, as openapi-diff judges them, with two
 * settings of this API's own:
 *
 * <ul>
 *   <li>a value added to a response enum is compatible: enumerations are open, and the clients are
 *       generated to read an unknown value as UNKNOWN_DEFAULT_OPEN_API;
 *   <li>a property removed from a response is breaking even when it was optional (openapi-diff only
 *       counts required ones), and so is one removed from a request body, since the service rejects
 *       properties it does not know (FAIL_ON_UNKNOWN_PROPERTIES).
 * </ul>
 */
final class BreakingChanges {

  /** openapi-diff's switch for "a response enum gained a value": off, enumerations are open. */
  static final String RESPONSE_ENUM_INCREASED =
      BackwardIncompatibleProp.RESPONSE_ENUM_INCREASED.getPropertyName();

  static final String VERSION_SOURCE =
      "controller-app/src/main/java/io/tenantfabric/controller/apidoc/"
          + "ApiDocumentConfiguration.java";

  private BreakingChanges() {}

  static OpenApiDiffOptions options() {
    return OpenApiDiffOptions.builder().configProperty(RESPONSE_ENUM_INCREASED, "false").build();
  }

  /** The outcome of one comparison: the two versions and every breaking change found. */
  record Verdict(String baseVersion, String newVersion, List<String> changes) {

    Verdict {
      changes = List.copyOf(changes);
    }

    boolean compatible() {
      return changes.isEmpty();
    }

    boolean majorBumped() {
      return ApiVersion.majorBumped(baseVersion, newVersion);
    }

    /** Compatible, or breaking with a new major version that declares the break. */
    boolean passes() {
      return compatible() || majorBumped();
    }

    /** The breaking changes, one a line, each starting with " - ". */
    String changeList() {
      return changes.stream().map(change -> "  - " + change).collect(Collectors.joining("\n"));
    }

    /** Why the check fails: what breaks, and how an intended break is declared. */
    String report(String baseDescription) {
      StringBuilder report = new StringBuilder();
      report
          .append(BaseDocument.DOCUMENT)
          .append(" has ")
          .append(changes.size())
          .append(changes.size() == 1 ? " breaking change" : " breaking changes")
          .append(" against the document at ")
          .append(baseDescription)
          .append(", and info.version goes from ")
          .append(baseVersion)
          .append(" to ")
          .append(newVersion)
          .append(" without a new major version");
      if (ApiVersion.major(baseVersion).isEmpty() || ApiVersion.major(newVersion).isEmpty()) {
        report.append(" (a version that is not semver X.Y.Z declares no break)");
      }
      report.append(":\n").append(changeList()).append('\n');
      report
          .append("An intended break is declared by bumping the major version of info.version in")
          .append(" ApiDocumentConfiguration.VERSION (")
          .append(VERSION_SOURCE)
          .append(")")
          .append(suggestedVersion().map(v -> ", e.g. " + newVersion + " -> " + v).orElse(""))
          .append(", and copying the served document over ")
          .append(BaseDocument.DOCUMENT)
          .append(" again (OpenApiDocumentIT writes it to the build directory). Otherwise keep")
          .append(" the change compatible: add only optional things, remove or narrow nothing a")
          .append(" client already uses.");
      return report.toString();
    }

    private Optional<String> suggestedVersion() {
      OptionalInt major = ApiVersion.major(baseVersion);
      return major.isPresent() ? Optional.of((major.getAsInt() + 1) + ".0.0") : Optional.empty();
    }
  }

  /**
   * Compares two documents (JSON or YAML text).
   *
   * @throws IllegalArgumentException when either cannot be read as OpenAPI 3
   */
  static Verdict compare(String baseDocument, String newDocument) {
    OpenAPI base = parse("base", baseDocument);
    OpenAPI next = parse("new", newDocument);
    ChangedOpenApi diff = OpenApiCompare.fromSpecifications(base, next, options());
    return new Verdict(version(base), version(next), new Walk().changes(diff));
  }

  /**
   * The {@code info.version} of a document.
   *
   * @throws IllegalArgumentException when it cannot be read as OpenAPI 3
   */
  static String infoVersion(String document) {
    return version(parse("new", document));
  }

  private static OpenAPI parse(String which, String document) {
    ParseOptions options = new ParseOptions();
    options.setResolve(true); // as openapi-diff reads documents itself
    SwaggerParseResult result = new OpenAPIV3Parser().readContents(document, null, options);
    if (result == null || result.getOpenAPI() == null) {
      throw new IllegalArgumentException(
          "the "
              + which
              + " document is not OpenAPI 3: "
              + (result == null ? "no result" : result.getMessages()));
    }
    return result.getOpenAPI();
  }

  private static String version(OpenAPI document) {
    return document.getInfo() == null ? null : document.getInfo().getVersion();
  }

  /** Walks openapi-diff's tree of changes and names each breaking one by where it is. */
  private static final class Walk {

    private final List<String> changes = new ArrayList<>();
    // the schemas on the current path: a recursive schema is not walked twice
    private final Set<ChangedSchema> walking = Collections.newSetFromMap(new IdentityHashMap<>());

    List<String> changes(ChangedOpenApi diff) {
      for (Endpoint removed : diff.getMissingEndpoints()) {
        add(removed.getMethod() + " " + removed.getPathUrl(), "operation removed");
      }
      for (ChangedOperation operation : diff.getChangedOperations()) {
        operation(operation);
      }
      if (changes.isEmpty() && diff.isIncompatible()) {
        add("the document", "changed incompatibly (openapi-diff does not say where)");
      }
      return changes;
    }

    private void add(String where, String what) {
      changes.add(where + ": " + what);
    }

    private void operation(ChangedOperation operation) {
      String at = operation.getHttpMethod() + " " + operation.getPathUrl();
      int before = changes.size();
      parameters(at, operation.getParameters());
      requestBody(at + " request body", operation.getRequestBody());
      responses(at, operation.getApiResponses());
      security(at, operation.getSecurityRequirements());
      other(at, operation.getOperationId(), "operationId changed");
      other(at, operation.getExtensions(), "extensions changed");
      if (changes.size() == before && operation.isIncompatible()) {
        add(at, "changed incompatibly (openapi-diff does not say where)");
      }
    }

    private void other(String at, Changed changed, String what) {
      if (changed != null && changed.isIncompatible()) {
        add(at, what);
      }
    }

    private void parameters(String at, ChangedParameters parameters) {
      if (parameters == null) {
        return;
      }
      if (parameters.isCoreChanged().isIncompatible()) {
        for (Parameter removed : parameters.getMissing()) {
          add(at + " " + name(removed), "parameter removed");
        }
        for (Parameter added : parameters.getIncreased()) {
          if (Boolean.TRUE.equals(added.getRequired())) {
            add(at + " " + name(added), "new required parameter");
          }
        }
      }
      for (ChangedParameter parameter : parameters.getChanged()) {
        parameter(
            at + " parameter '" + parameter.getName() + "' in " + parameter.getIn(), parameter);
      }
    }

    private static String name(Parameter parameter) {
      return "parameter '" + parameter.getName() + "' in " + parameter.getIn();
    }

    private void parameter(String at, ChangedParameter parameter) {
      if (parameter.isCoreChanged().isIncompatible()) {
        List<String> what = new ArrayList<>();
        Parameter before = parameter.getOldParameter();
        Parameter after = parameter.getNewParameter();
        if (parameter.isChangeRequired() && !Boolean.TRUE.equals(before.getRequired())) {
          what.add("became required");
        }
        if (parameter.isChangeStyle()) {
          what.add("style " + before.getStyle() + " -> " + after.getStyle());
        }
        if (parameter.isChangeExplode()) {
          what.add("explode " + before.getExplode() + " -> " + after.getExplode());
        }
        if (parameter.isChangeAllowEmptyValue()) {
          what.add(
              "allowEmptyValue "
                  + before.getAllowEmptyValue()
                  + " -> "
                  + after.getAllowEmptyValue());
        }
        add(at, what.isEmpty() ? "changed incompatibly" : String.join(", ", what));
      }
      schema(at, "", parameter.getSchema());
      content(at, parameter.getContent());
    }

    private void requestBody(String at, ChangedRequestBody body) {
      if (body == null) {
        return;
      }
      if (body.isCoreChanged().isIncompatible()) {
        add(
            at,
            "required "
                + required(body.getOldRequestBody())
                + " -> "
                + required(body.getNewRequestBody()));
      }
      content(at, body.getContent());
    }

    private static boolean required(RequestBody body) {
      return body != null && Boolean.TRUE.equals(body.getRequired());
    }

    private void content(String at, ChangedContent content) {
      if (content == null) {
        return;
      }
      if (content.isCoreChanged().isIncompatible()) {
        for (String mediaType : content.getMissing().keySet()) {
          add(at + " (" + mediaType + ")", "media type removed");
        }
      }
      for (Map.Entry<String, ChangedMediaType> entry : content.getChanged().entrySet()) {
        schema(at + " (" + entry.getKey() + ")", "", entry.getValue().getSchema());
      }
    }

    private void responses(String at, ChangedApiResponse responses) {
      if (responses == null) {
        return;
      }
      if (responses.isCoreChanged().isIncompatible()) {
        for (String status : responses.getMissing().keySet()) {
          add(at + " response " + status, "response removed");
        }
      }
      for (Map.Entry<String, ChangedResponse> entry : responses.getChanged().entrySet()) {
        String where = at + " response " + entry.getKey();
        headers(where, entry.getValue().getHeaders());
        content(where, entry.getValue().getContent());
      }
      other(at + " responses", responses.getExtensions(), "extensions changed");
    }

    private void headers(String at, ChangedHeaders headers) {
      if (headers == null) {
        return;
      }
      if (headers.isCoreChanged().isIncompatible()) {
        for (String name : headers.getMissing().keySet()) {
          add(at + " header " + name, "header removed");
        }
      }
      for (Map.Entry<String, ChangedHeader> entry : headers.getChanged().entrySet()) {
        String where = at + " header " + entry.getKey();
        ChangedHeader header = entry.getValue();
        if (header.isCoreChanged().isIncompatible()) {
          Header before = header.getOldHeader();
          Header after = header.getNewHeader();
          add(
              where,
              "required "
                  + before.getRequired()
                  + " -> "
                  + after.getRequired()
                  + ", style "
                  + before.getStyle()
                  + " -> "
                  + after.getStyle()
                  + ", explode "
                  + before.getExplode()
                  + " -> "
                  + after.getExplode());
        }
        schema(where, "", header.getSchema());
        content(where, header.getContent());
      }
    }

    private void security(String at, ChangedSecurityRequirements security) {
      if (security == null || !security.isIncompatible()) {
        return;
      }
      if (security.isCoreChanged().isIncompatible() && security.getMissing() != null) {
        for (SecurityRequirement removed : security.getMissing()) {
          add(at, "security requirement " + removed.keySet() + " removed");
        }
      }
      if (security.getChanged() != null) {
        for (ChangedSecurityRequirement changed : security.getChanged()) {
          other(at, changed, "security requirement changed incompatibly");
        }
      }
    }

    private void schema(String at, String field, ChangedSchema schema) {
      if (schema == null || !schema.isDifferent() || !walking.add(schema)) {
        return;
      }
      try {
        schemaItself(at, field, schema);
        for (Map.Entry<String, ChangedSchema> property : schema.getChangedProperties().entrySet()) {
          schema(at, child(field, property.getKey()), property.getValue());
        }
        schema(at, field + "[]", schema.getItems());
        schema(at, child(field, "*"), schema.getAddProp());
        oneOf(at, field, schema.getOneOfSchema(), schema.getContext());
      } finally {
        walking.remove(schema);
      }
    }

    private void schemaItself(String at, String field, ChangedSchema schema) {
      String where = field.isEmpty() ? at : at + " field '" + field + "'";
      DiffContext context = schema.getContext();
      boolean request = context != null && context.isRequest();
      boolean response = context != null && context.isResponse();
      Schema<?> before = schema.getOldSchema();
      Schema<?> after = schema.getNewSchema();
      int found = changes.size();

      if (schema.isCoreChanged().isIncompatible()) {
        if (schema.isChangedType()) {
          add(where, "type " + type(before) + " -> " + type(after));
        }
        if (schema.isDiscriminatorPropertyChanged()) {
          add(where, "discriminator property changed");
        }
        if (response && before != null && after == null) {
          add(where, "schema removed");
        }
      }
      for (Map.Entry<String, Schema<?>> removed : schema.getMissingProperties().entrySet()) {
        String property = at + " field '" + child(field, removed.getKey()) + "'";
        Schema<?> was = removed.getValue();
        if (response && !Boolean.TRUE.equals(was == null ? null : was.getWriteOnly())) {
          add(property, "removed from the response");
        } else if (request && !Boolean.TRUE.equals(was == null ? null : was.getReadOnly())) {
          add(
              property,
              "removed from the request (the service rejects properties it does not know)");
        }
      }
      ChangedRequired required = schema.getRequired();
      if (required != null && required.isIncompatible()) {
        if (request) {
          for (String name : required.getIncreased()) {
            add(
                at + " field '" + child(field, name) + "'",
                schema.getIncreasedProperties().containsKey(name)
                    ? "new required request field"
                    : "became required");
          }
        }
        if (response) {
          for (String name : required.getMissing()) {
            if (!schema.getMissingProperties().containsKey(name)) {
              add(
                  at + " field '" + child(field, name) + "'",
                  "no longer required: it may be absent");
            }
          }
        }
      }
      ChangedEnum<?> enumeration = schema.getEnumeration();
      if (enumeration != null && enumeration.isIncompatible()) {
        if (request && !enumeration.getMissing().isEmpty()) {
          add(where, "enum values removed " + enumeration.getMissing());
        }
        if (response && !enumeration.getIncreased().isEmpty()) {
          add(where, "enum values added " + enumeration.getIncreased());
        }
      }
      limit(where, schema.getMaxLength(), "maxLength");
      limit(where, schema.getMinLength(), "minLength");
      limit(where, schema.getMaxItems(), "maxItems");
      limit(where, schema.getMinItems(), "minItems");
      limit(where, schema.getMaxProperties(), "maxProperties");
      limit(where, schema.getMinProperties(), "minProperties");
      limit(where, schema.getNumericRange(), "minimum/maximum");
      limit(where, schema.getMultipleOf(), "multipleOf");
      limit(where, schema.getPattern(), "pattern");
      limit(where, schema.getUniqueItems(), "uniqueItems");
      limit(where, schema.getReadOnly(), "readOnly");
      limit(where, schema.getWriteOnly(), "writeOnly");
      limit(where, schema.getNullable(), "nullable");
      other(where, schema.getExtensions(), "extensions changed");
      if (changes.size() == found && schema.isCoreChanged().isIncompatible()) {
        add(where, "changed incompatibly");
      }
    }

    private void limit(String where, Changed changed, String name) {
      if (changed == null || !changed.isIncompatible()) {
        return;
      }
      add(where, name + " " + bounds(changed));
    }

    private static String bounds(Changed changed) {
      if (changed instanceof ChangedMaxLength c) {
        return c.getOldValue() + " -> " + c.getNewValue();
      } else if (changed instanceof ChangedMinLength c) {
        return c.getOldValue() + " -> " + c.getNewValue();
      } else if (changed instanceof ChangedMaxItems c) {
        return c.getOldValue() + " -> " + c.getNewValue();
      } else if (changed instanceof ChangedMinItems c) {
        return c.getOldValue() + " -> " + c.getNewValue();
      } else if (changed instanceof ChangedMaxProperties c) {
        return c.getOldValue() + " -> " + c.getNewValue();
      } else if (changed instanceof ChangedMinProperties c) {
        return c.getOldValue() + " -> " + c.getNewValue();
      } else if (changed instanceof ChangedMultipleOf c) {
        return c.getLeft() + " -> " + c.getRight();
      } else if (changed instanceof ChangedPattern c) {
        return c.getOldPattern() + " -> " + c.getNewPattern();
      } else if (changed instanceof ChangedNumericRange c) {
        return "["
            + c.getOldMinimumValue()
            + ", "
            + c.getOldMaximumValue()
            + "] -> ["
            + c.getNewMinimumValue()
            + ", "
            + c.getNewMaximumValue()
            + "]";
      }
      return "changed";
    }

    private void oneOf(String at, String field, ChangedOneOfSchema oneOf, DiffContext context) {
      if (oneOf == null) {
        return;
      }
      String where = field.isEmpty() ? at : at + " field '" + field + "'";
      if (oneOf.isCoreChanged().isIncompatible() && context != null) {
        if (context.isRequest() && !oneOf.getMissing().isEmpty()) {
          add(where, "oneOf members removed " + oneOf.getMissing().keySet());
        }
        if (context.isResponse() && !oneOf.getIncreased().isEmpty()) {
          add(where, "oneOf members added " + oneOf.getIncreased().keySet());
        }
      }
      for (Map.Entry<String, ChangedSchema> member : oneOf.getChanged().entrySet()) {
        schema(at, field + "(" + member.getKey() + ")", member.getValue());
      }
    }

    private static String child(String field, String name) {
      return field.isEmpty() ? name : field + "." + name;
    }

    private static String type(Schema<?> schema) {
      if (schema == null) {
        return "none";
      }
      if (schema.getType() != null) {
        return schema.getType();
      }
      return schema.getTypes() == null ? "unspecified" : String.join("|", schema.getTypes());
    }
  }
}
