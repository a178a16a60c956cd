package io.tenantfabric.controller.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The document the service serves is the one committed as {@code docs/openapi.json}, so that a
 * portal generating its client from the repository gets the API that answers. On a difference the
 * served document is written next to the build's output, to be reviewed and copied over.
 */
@ControllerIT
class OpenApiDocumentIT {

  private static final Set<String> TAGS =
      Set.of(
          "tenants",
          "allocations",
          "fabric",
          "cabling",
          "devices",
          "reconcile",
          "events",
          "operations",
          "audits",
          "isolation",
          "tokens");

  @LocalServerPort int port;

  @Test
  void theServedDocumentIsTheCommittedOne() throws IOException {
    ApiClient.Response served = new ApiClient(port).get("/v3/api-docs");
    assertThat(served.status()).as(served.toString()).isEqualTo(200);
    JsonNode document = served.json();
    String pretty = OpenApiDocuments.pretty(document);
    Path written = OpenApiDocuments.buildDirectory().resolve("openapi.json");
    Files.createDirectories(written.getParent());
    Files.writeString(written, pretty, StandardCharsets.UTF_8);

    JsonNode committed = OpenApiDocuments.committed();
    List<String> differences = new ArrayList<>();
    OpenApiDocuments.differences("", committed, document, differences);
    assertThat(differences)
        .as(
            "the served document differs from %s; if the change is meant, review %s and copy it"
                + " over",
            OpenApiDocuments.COMMITTED, written)
        .isEmpty();
  }

  @Test
  void everyOperationIsDescribedTaggedByResourceAndNamesItsRoles() {
    JsonNode document = new ApiClient(port).get("/v3/api-docs").json();
    assertThat(document.get("openapi").asString()).startsWith("3.0.");
    List<String> paths = new ArrayList<>();
    document.get("paths").propertyNames().forEach(paths::add);
    assertThat(paths).allMatch(p -> p.startsWith("/api/v1/"));
    document
        .get("paths")
        .properties()
        .forEach(
            path ->
                path.getValue()
                    .properties()
                    .forEach(
                        op -> {
                          String name = op.getKey().toUpperCase() + " " + path.getKey();
                          JsonNode o = op.getValue();
                          assertThat(o.path("summary").asString("")).as(name).isNotBlank();
                          assertThat(o.path("description").asString("")).as(name).isNotBlank();
                          assertThat(o.path("operationId").asString("")).as(name).isNotBlank();
                          assertThat(o.path("tags").size()).as(name).isEqualTo(1);
                          assertThat(TAGS).as(name).contains(o.path("tags").get(0).asString());
                          assertThat(o.path("x-roles").isArray()).as(name).isTrue();
                          assertThat(o.path("x-roles").size()).as(name).isPositive();
                        }));
  }
}
