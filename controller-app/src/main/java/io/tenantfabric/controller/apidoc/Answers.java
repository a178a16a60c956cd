package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.List;

/** Every answer every operation of a document states, for the rules that shape answers. */
final class Answers {

  private Answers() {}

  static List<ApiResponse> of(OpenAPI api) {
    return api.getPaths().values().stream()
        .flatMap(path -> path.readOperations().stream())
        .flatMap(op -> op.getResponses().values().stream())
        .toList();
  }
}
