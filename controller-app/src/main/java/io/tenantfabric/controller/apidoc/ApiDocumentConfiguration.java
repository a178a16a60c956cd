package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Contact;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.tags.Tag;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;

/**
 * The API document's frame: info, servers, the resource tags, the bearer scheme and the shared
 * problem responses. Operations describe themselves with springdoc's annotations plus {@link
 * Access} and {@link Refuses}; {@link ProblemResponses} adds what every operation can answer.
 */
@Configuration
class ApiDocumentConfiguration {

  /**
   * The contract's version: a breaking change to the committed document (a path removed, a new
   * required request field, a narrowed type) needs a new major version here.
   */
  static final String VERSION = "2.0.0";

  static final String BEARER = "bearerToken";

  static {
    // a free-form JSON value (an audit event's details, a switch's modelled config) is an object
    SpringDocUtils.getConfig().replaceWithSchema(JsonNode.class, new ObjectSchema());
  }

  @Bean
  OpenAPI tenantFabricApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("tenant-fabric API")
                .version(VERSION)
                .description(
                    "Tenants, GPU leases and the fabric that isolates them. A leasing portal"
                        + " creates tenants and allocates GPUs; operators run the fabric; auditors"
                        + " read the audit trail and the isolation evidence. Every error is an RFC"
                        + " 9457 problem (application/problem+json) naming the field at fault."
                        + " Enumerations are open: a client must accept values added later. The"
                        + " guide is docs/api.md in the repository.")
                .contact(new Contact().name("tenant-fabric maintainers"))
                .license(new License().name("Proprietary")))
        .servers(
            List.of(
                new Server()
                    .url("http://127.0.0.1:8080")
                    .description(
                        "Local: the service's default address (loopback); deployments put TLS"
                            + " in front of it (docs/security.md)")
                    // for the data centre's own portal, operators and auditors, not the internet
                    .extensions(Map.of("x-internal", true))))
        .tags(
            List.of(
                tag(
                    "tenants",
                    "Tenants: a name, a quota, and once it leases GPUs a VNI and a prefix"),
                tag("allocations", "GPU leases of a tenant, provisioned on the switches"),
                tag("fabric", "The fabric's definition, its switches' drain and its GPUs' cordon"),
                tag("devices", "One switch: its state, its running config and its next change"),
                tag("reconcile", "Comparing switches with the intent and repairing drift"),
                tag(
                    "cabling",
                    "Every cable checked against the plan over LLDP, and what it keeps out of"
                        + " placement"),
                tag(
                    "operations",
                    "Long changes of the fabric, run step by step: a switch replaced"),
                tag("audits", "The hash-chained audit trail and receipts"),
                tag("isolation", "Isolation audits of the switches' running configs"),
                tag("tokens", "API tokens and their roles"),
                tag("events", "Changes as server-sent events, resumable on any instance")))
        .components(
            new Components()
                .addSecuritySchemes(
                    BEARER,
                    new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP)
                        .scheme("bearer")
                        .description(
                            "An API token (tf_...) issued by POST /api/v1/tokens, or the"
                                + " bootstrap OPERATOR token (FABRIC_BOOTSTRAP_TOKEN)")))
        .addSecurityItem(new SecurityRequirement().addList(BEARER));
  }

  @Bean
  OpenApiCustomizer sharedProblemParts() {
    return api -> {
      AnswerFields.markRequired(api);
      KindDiscriminators.add(api);
      ProblemResponses.addComponents(api);
      AnswerBounds.add(api);
      FabricSpecBounds.add(api);
      EcmaPatterns.check(api);
    };
  }

  @Bean
  OperationCustomizer problemResponses() {
    return new ProblemResponses();
  }

  private static Tag tag(String name, String description) {
    return new Tag().name(name).description(description);
  }
}
