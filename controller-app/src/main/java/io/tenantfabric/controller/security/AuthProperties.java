package io.tenantfabric.controller.security;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Authentication settings ({@code fabric.auth.*}): how many refused authentications (401) one
 * client address may cause per minute before it gets 429, which proxies may name the client in
 * {@code X-Forwarded-For}, and whether the OpenAPI document and Swagger UI are public.
 */
@ConfigurationProperties("fabric.auth")
public record AuthProperties(
    Integer failuresPerMinute, List<String> trustedProxies, Boolean publicApiDocs) {

  /** Defaults: 30 refusals a minute, no trusted proxy, API docs for OPERATOR tokens only. */
  public AuthProperties {
    failuresPerMinute = failuresPerMinute == null ? 30 : failuresPerMinute;
    if (failuresPerMinute < 1) {
      throw new IllegalArgumentException("fabric.auth.failures-per-minute must be at least 1");
    }
    trustedProxies =
        trustedProxies == null
            ? List.of()
            : trustedProxies.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    publicApiDocs = publicApiDocs != null && publicApiDocs;
  }
}
