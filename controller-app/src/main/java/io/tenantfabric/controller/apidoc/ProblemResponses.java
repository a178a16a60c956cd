package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.RefusalStatus;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.web.method.HandlerMethod;

/**
 * The problem responses of every operation: those any request can get (400 for a path or header the
 * firewall refuses, 401 without a valid token, 403 for a role that may not, 413 for a body over the
 * limit, 429 past the refused-authentication limit, 503 when the database is busy, 500), 415 where
 * there is a body, and the refusals the operation declares with {@link Refuses}. Each names the
 * shared {@code Problem} schema. Every response carries {@code X-Request-Id}; the roles of {@link
 * Access} become {@code x-roles}.
 */
final class ProblemResponses implements OperationCustomizer {

  static final String PROBLEM = "Problem";
  static final String PROBLEM_JSON = "application/problem+json";

  /** The responses every operation can answer with, by status. */
  private static final List<Integer> ALWAYS = List.of(400, 401, 403, 413, 429, 500, 503);

  /** A shared problem response: its name under components/responses and what it means. */
  private record Shared(String name, String meaning) {}

  /** Each shared problem response, by status. */
  private static final Map<Integer, Shared> RESPONSES =
      Map.ofEntries(
          Map.entry(
              400,
              new Shared("BadRequest", "A parameter or a field is invalid; `field` names it.")),
          Map.entry(401, new Shared("Unauthorized", "No valid bearer token.")),
          Map.entry(403, new Shared("Forbidden", "The token's role may not do this.")),
          Map.entry(
              404,
              new Shared(
                  "NotFound", "What the path names does not exist, or the caller may not see it.")),
          Map.entry(
              409,
              new Shared(
                  "Conflict", "The request contradicts the current state; the detail says which.")),
          Map.entry(
              413,
              new Shared("ContentTooLarge", "The body is larger than the limit (`limitBytes`).")),
          Map.entry(415, new Shared("UnsupportedMediaType", "The body is not `application/json`.")),
          Map.entry(
              422,
              new Shared(
                  "UnprocessableContent", "Well formed, but cannot be carried out as asked.")),
          Map.entry(
              429,
              new Shared(
                  "TooManyRequests",
                  "Too many requests of this kind; retry after `Retry-After` seconds.")),
          Map.entry(
              500,
              new Shared(
                  "InternalServerError",
                  "A fault of the service; the request id finds it in the log.")),
          Map.entry(
              503,
              new Shared(
                  "ServiceUnavailable",
                  "The database or a switch is busy or unreachable; retry after `Retry-After` seconds.")));

  private static final List<String> IN_ORDER = List.of("path", "header", "query", "cookie");

  static final String REQUEST_ID = "X-Request-Id";
  static final String RETRY_AFTER = "Retry-After";

  @Override
  public Operation customize(Operation operation, HandlerMethod handler) {
    if (operation.getParameters() != null) {
      // path, then headers, then query: generated clients take them in this order
      operation.getParameters().sort(Comparator.comparingInt(p -> IN_ORDER.indexOf(p.getIn())));
    }
    TreeSet<Integer> statuses = new TreeSet<>(ALWAYS);
    if (operation.getRequestBody() != null) {
      statuses.add(413);
      statuses.add(415);
    }
    Refuses refuses = handler.getMethodAnnotation(Refuses.class);
    if (refuses != null) {
      Arrays.stream(refuses.value()).forEach(r -> statuses.add(RefusalStatus.code(r)));
    }
    ApiResponses responses =
        operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
    TreeMap<String, ApiResponse> all = new TreeMap<>(responses);
    for (int status : statuses) {
      all.putIfAbsent(
          Integer.toString(status),
          new ApiResponse().$ref("#/components/responses/" + RESPONSES.get(status).name()));
    }
    ApiResponses sorted = new ApiResponses();
    all.forEach(
        (code, response) -> {
          if (response.get$ref() == null) {
            response.addHeaderObject(
                REQUEST_ID, new Header().$ref("#/components/headers/" + REQUEST_ID));
          }
          sorted.addApiResponse(code, response);
        });
    operation.setResponses(sorted);
    Access access = handler.getMethodAnnotation(Access.class);
    if (access != null) {
      List<String> roles = Arrays.stream(access.value()).map(Role::name).toList();
      operation.addExtension("x-roles", roles);
      String scope = access.tenantScope().isBlank() ? "" : " " + access.tenantScope();
      operation.setDescription(
          (operation.getDescription() == null ? "" : operation.getDescription() + "\n\n")
              + "Roles: "
              + String.join(", ", roles)
              + "."
              + scope);
    }
    return operation;
  }

  /** The {@code Problem} schema, the shared problem responses and the headers they name. */
  static void addComponents(OpenAPI api) {
    Components c = api.getComponents();
    c.addSchemas(PROBLEM, ProblemSchema.schema());
    c.addSchemas(ProblemSchema.FIELD_ERROR, ProblemSchema.fieldError());
    c.addHeaders(
        REQUEST_ID,
        new Header()
            .description(
                "The request's id: the one the client sent (1 to 64 of A-Z a-z 0-9 . _ : -) or one"
                    + " the service made; every log line of the request carries it")
            .schema(new Schema<String>().type("string").maxLength(64)));
    c.addHeaders(
        RETRY_AFTER,
        new Header()
            .description("Seconds to wait before retrying")
            .schema(
                new Schema<Integer>()
                    .type("integer")
                    .format("int32")
                    .minimum(java.math.BigDecimal.ZERO)
                    .maximum(java.math.BigDecimal.valueOf(86_400))));
    RESPONSES.forEach(
        (status, shared) -> {
          ApiResponse r =
              new ApiResponse()
                  .description(shared.meaning())
                  .content(
                      new Content()
                          .addMediaType(
                              PROBLEM_JSON,
                              new MediaType()
                                  .schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))));
          r.addHeaderObject(REQUEST_ID, new Header().$ref("#/components/headers/" + REQUEST_ID));
          if (status == 429 || status == 503) {
            r.addHeaderObject(
                RETRY_AFTER, new Header().$ref("#/components/headers/" + RETRY_AFTER));
          }
          c.addResponses(shared.name(), r);
        });
  }
}
