package io.tenantfabric.controller.security;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Declares the bearer-token scheme in the OpenAPI document so that Swagger UI can send tokens. */
@Configuration
class BearerOpenApi {

  static final String SCHEME = "bearerToken";

  @Bean
  OpenApiCustomizer bearerTokenScheme() {
    return openApi -> {
      if (openApi.getComponents() == null) {
        openApi.setComponents(new Components());
      }
      openApi
          .getComponents()
          .addSecuritySchemes(
              SCHEME,
              new SecurityScheme()
                  .type(SecurityScheme.Type.HTTP)
                  .scheme("bearer")
                  .description(
                      "An API token (tf_...) issued by POST /api/v1/tokens or FABRIC_BOOTSTRAP_TOKEN"));
      openApi.addSecurityItem(new SecurityRequirement().addList(SCHEME));
    };
  }
}
