package io.tenantfabric.controller.security;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Authentication settings ({@code fabric.auth.*}): how many refused authentications (401) one
 * client address may cause per minute before it gets 429, which proxies may name the client in
 * {@code X-Forwarded-For}, whether the OpenAPI document and Swagger UI are public, how many lines
 * refused authentications may write to the log per minute, and how long a request body may take: in
 * all, when it is read before its request is authenticated, and between two reads, for any body.
 */
@ConfigurationProperties("fabric.auth")
public record AuthProperties(
    Integer failuresPerMinute,
    List<String> trustedProxies,
    Boolean publicApiDocs,
    Integer refusalLogPerMinute,
    Duration bodyTimeout) {

  /**
   * Defaults: 30 refusals a minute, no trusted proxy, API docs for OPERATOR tokens only, 60 refusal
   * lines a minute, 10 s for a body.
   */
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
    refusalLogPerMinute = refusalLogPerMinute == null ? 60 : refusalLogPerMinute;
    if (refusalLogPerMinute < 1) {
      throw new IllegalArgumentException("fabric.auth.refusal-log-per-minute must be at least 1");
    }
    bodyTimeout = bodyTimeout == null ? Duration.ofSeconds(10) : bodyTimeout;
    if (bodyTimeout.toMillis() < 1) {
      throw new IllegalArgumentException("fabric.auth.body-timeout must be at least 1ms");
    }
  }
}
