package io.tenantfabric.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openapitools.openapidiff.core.OpenApiCompare;

/** What counts as a breaking change, on small documents. */
class BreakingChangesTest {

  private static final String BASE =
      """
      openapi: 3.0.3
      info:
        title: tenants
        version: 1.0.0
      paths:
        /tenants:
          get:
            operationId: listTenants
            parameters:
              - name: limit
                in: query
                required: false
                schema:
                  type: integer
            responses:
              '200':
                description: the tenants
                content:
                  application/json:
                    schema:
                      type: array
                      items:
                        $ref: '#/components/schemas/Tenant'
          post:
            operationId: createTenant
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    $ref: '#/components/schemas/CreateTenant'
            responses:
              '201':
                description: created
                content:
                  application/json:
                    schema:
                      $ref: '#/components/schemas/Tenant'
        /tenants/{id}:
          get:
            operationId: getTenant
            parameters:
              - name: id
                in: path
                required: true
                schema:
                  type: string
            responses:
              '200':
                description: the tenant
                content:
                  application/json:
                    schema:
                      $ref: '#/components/schemas/Tenant'
      components:
        schemas:
          Tenant:
            type: object
            required: [id, state]
            properties:
              id:
                type: string
              state:
                type: string
                enum: [ACTIVE, SUSPENDED]
              name:
                type: string
          CreateTenant:
            type: object
            required: [name]
            properties:
              name:
                type: string
                maxLength: 64
              tier:
                type: string
                enum: [GOLD, SILVER]
              note:
                type: string
      """;

  /** BASE with {@code from} replaced by {@code to}; {@code from} has to be there. */
  private static String edit(String document, String from, String to) {
    assertThat(document).as("the text to replace").contains(from);
    return document.replace(from, to);
  }

  private static BreakingChanges.Verdict against(String changed) {
    return BreakingChanges.compare(BASE, changed);
  }

  @Test
  void anUnchangedDocumentIsCompatible() {
    BreakingChanges.Verdict verdict = against(BASE);
    assertThat(verdict.changes()).isEmpty();
    assertThat(verdict.passes()).isTrue();
  }

  @Test
  void removingAPathIsBreaking() {
    String changed =
        edit(
            BASE,
            BASE.substring(BASE.indexOf("  /tenants/{id}:"), BASE.indexOf("components:")),
            "");
    BreakingChanges.Verdict verdict = against(changed);
    assertThat(verdict.changes()).containsExactly("GET /tenants/{id}: operation removed");
    assertThat(verdict.passes()).isFalse();
  }

  @Test
  void removingAnOperationIsBreaking() {
    String changed =
        edit(BASE, BASE.substring(BASE.indexOf("    post:"), BASE.indexOf("  /tenants/{id}:")), "");
    assertThat(against(changed).changes()).containsExactly("POST /tenants: operation removed");
  }

  @Test
  void addingAPathOrAnOptionalResponseFieldIsNot() {
    String changed =
        edit(
            BASE,
            """
                    name:
                      type: string
                CreateTenant:
            """,
            """
                    name:
                      type: string
                    gpus:
                      type: integer
                      format: int32
                CreateTenant:
            """);
    changed =
        edit(
            changed,
            "components:",
            """
              /health:
                get:
                  responses:
                    '200':
                      description: up
            components:""");
    BreakingChanges.Verdict verdict = against(changed);
    assertThat(verdict.changes()).isEmpty();
    assertThat(verdict.passes()).isTrue();
  }

  @Test
  void addingAnOptionalRequestFieldOrParameterIsNot() {
    String changed =
        edit(
            BASE,
            """
                    note:
                      type: string
            """,
            """
                    note:
                      type: string
                    labels:
                      type: array
                      items:
                        type: string
            """);
    changed =
        edit(
            changed,
            """
                      schema:
                        type: integer
            """,
            """
                      schema:
                        type: integer
                    - name: state
                      in: query
                      required: false
                      schema:
                        type: string
            """);
    assertThat(against(changed).changes()).isEmpty();
  }

  @Test
  void addingAValueToAResponseEnumIsNot() {
    String changed = edit(BASE, "enum: [ACTIVE, SUSPENDED]", "enum: [ACTIVE, SUSPENDED, DRAINING]");
    BreakingChanges.Verdict verdict = against(changed);
    assertThat(verdict.changes()).isEmpty();
    assertThat(verdict.passes()).isTrue();
  }

  @Test
  void thatIsTheOptionsDoingOpenApiDiffAloneWouldCallItBreaking() {
    String changed = edit(BASE, "enum: [ACTIVE, SUSPENDED]", "enum: [ACTIVE, SUSPENDED, DRAINING]");
    assertThat(BreakingChanges.RESPONSE_ENUM_INCREASED)
        .isEqualTo("incompatible.response.enum.increased");
    assertThat(OpenApiCompare.fromContents(BASE, changed).isIncompatible()).isTrue();
  }

  @Test
  void removingAValueFromARequestEnumIsBreaking() {
    String changed = edit(BASE, "enum: [GOLD, SILVER]", "enum: [GOLD]");
    assertThat(against(changed).changes())
        .containsExactly(
            "POST /tenants request body (application/json) field 'tier': enum values removed"
                + " [SILVER]");
  }

  @Test
  void aNewRequiredRequestFieldIsBreaking() {
    String changed =
        edit(
            BASE,
            """
                  required: [name]
                  properties:
                    name:
                      type: string
                      maxLength: 64
            """,
            """
                  required: [name, owner]
                  properties:
                    name:
                      type: string
                      maxLength: 64
                    owner:
                      type: string
            """);
    BreakingChanges.Verdict verdict = against(changed);
    assertThat(verdict.changes())
        .containsExactly(
            "POST /tenants request body (application/json) field 'owner': new required request"
                + " field");
    assertThat(verdict.passes()).isFalse();
  }

  @Test
  void anOptionalRequestFieldThatBecomesRequiredIsBreaking() {
    String changed = edit(BASE, "required: [name]", "required: [name, note]");
    assertThat(against(changed).changes())
        .containsExactly(
            "POST /tenants request body (application/json) field 'note': became required");
  }

  @Test
  void aNewRequiredParameterIsBreaking() {
    String changed = edit(BASE, "required: false", "required: true");
    assertThat(against(changed).changes())
        .containsExactly("GET /tenants parameter 'limit' in query: became required");
  }

  @Test
  void narrowingATypeIsBreaking() {
    String changed =
        edit(
            BASE,
            """
                    note:
                      type: string
            """,
            """
                    note:
                      type: integer
            """);
    BreakingChanges.Verdict verdict = against(changed);
    assertThat(verdict.changes())
        .containsExactly(
            "POST /tenants request body (application/json) field 'note': type string -> integer");
  }

  @Test
  void narrowingALimitOnARequestFieldIsBreaking() {
    String changed = edit(BASE, "maxLength: 64", "maxLength: 32");
    assertThat(against(changed).changes())
        .containsExactly(
            "POST /tenants request body (application/json) field 'name': maxLength 64 -> 32");
  }

  @Test
  void removingAResponseFieldIsBreakingEvenAnOptionalOne() {
    String changed =
        edit(
            BASE,
            """
                    name:
                      type: string
                CreateTenant:
            """,
            """
                CreateTenant:
            """);
    assertThat(against(changed).changes())
        .containsExactly(
            "GET /tenants response 200 (application/json) field '[].name': removed from the"
                + " response",
            "POST /tenants response 201 (application/json) field 'name': removed from the response",
            "GET /tenants/{id} response 200 (application/json) field 'name': removed from the"
                + " response");
  }

  @Test
  void removingARequestFieldIsBreakingForTheServiceRejectsUnknownOnes() {
    String changed =
        edit(
            BASE,
            """
                    note:
                      type: string
            """,
            "");
    assertThat(against(changed).changes())
        .containsExactly(
            "POST /tenants request body (application/json) field 'note': removed from the request"
                + " (the service rejects properties it does not know)");
  }

  @Test
  void removingAResponseIsBreaking() {
    String changed = edit(BASE, "'201':", "'202':");
    assertThat(against(changed).changes()).contains("POST /tenants response 201: response removed");
  }

  @Test
  void aBreakingChangeWithTheMajorVersionBumpedPasses() {
    String changed =
        edit(
            edit(BASE, "version: 1.0.0", "version: 2.0.0"),
            BASE.substring(BASE.indexOf("  /tenants/{id}:"), BASE.indexOf("components:")),
            "");
    BreakingChanges.Verdict verdict = against(changed);
    assertThat(verdict.compatible()).isFalse();
    assertThat(verdict.majorBumped()).isTrue();
    assertThat(verdict.passes()).isTrue();
  }

  @Test
  void aMinorBumpDoesNotDeclareABreak() {
    String changed =
        edit(
            edit(BASE, "version: 1.0.0", "version: 1.1.0"),
            BASE.substring(BASE.indexOf("  /tenants/{id}:"), BASE.indexOf("components:")),
            "");
    BreakingChanges.Verdict verdict = against(changed);
    assertThat(verdict.majorBumped()).isFalse();
    assertThat(verdict.passes()).isFalse();
  }

  @Test
  void theReportListsTheChangesAndHowToDeclareABreak() {
    BreakingChanges.Verdict verdict =
        new BreakingChanges.Verdict(
            "1.0.0",
            "1.2.0",
            List.of(
                "GET /tenants/{id}: operation removed",
                "POST /tenants request body (application/json) field 'owner': new required"
                    + " request field"));
    assertThat(verdict.report("the merge base of HEAD and origin/main, 0123456789ab"))
        .isEqualTo(
            """
            docs/openapi.json has 2 breaking changes against the document at the merge base of\
             HEAD and origin/main, 0123456789ab, and info.version goes from 1.0.0 to 1.2.0 without\
             a new major version:
              - GET /tenants/{id}: operation removed
              - POST /tenants request body (application/json) field 'owner': new required request\
             field
            An intended break is declared by bumping the major version of info.version in\
             ApiDocumentConfiguration.VERSION\
             (controller-app/src/main/java/io/tenantfabric/controller/apidoc/ApiDocumentConfiguration.java),\
             e.g. 1.2.0 -> 2.0.0, and copying the served document over docs/openapi.json again\
             (OpenApiDocumentIT writes it to the build directory). Otherwise keep the change\
             compatible: add only optional things, remove or narrow nothing a client already\
             uses.""");
  }

  @Test
  void theReportSaysWhenAVersionIsNotSemver() {
    BreakingChanges.Verdict verdict =
        new BreakingChanges.Verdict("draft", "draft", List.of("GET /x: operation removed"));
    assertThat(verdict.passes()).isFalse();
    assertThat(verdict.report("HEAD~1 0123456789ab (HEAD is on main)"))
        .contains("(a version that is not semver X.Y.Z declares no break)")
        .contains("  - GET /x: operation removed")
        .doesNotContain("e.g.");
  }

  @Test
  void theVersionIsReadFromInfo() {
    assertThat(BreakingChanges.infoVersion(BASE)).isEqualTo("1.0.0");
  }

  @Test
  void aDocumentThatIsNotOpenApiIsAnError() {
    assertThatThrownBy(() -> BreakingChanges.compare(BASE, "{\"not\": \"openapi\"}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the new document is not OpenAPI 3");
  }
}
