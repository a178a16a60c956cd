package io.tenantfabric.controller.observability;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * With a separate management port ({@code FABRIC_MANAGEMENT_PORT}), binds it to {@code
 * FABRIC_MANAGEMENT_ADDRESS}, else to the service's own address (loopback by default): Spring Boot
 * would bind every interface, and that port answers without a token. Without a separate port the
 * address must stay unset (Boot refuses one), hence a post-processor and not a default in YAML.
 */
class ManagementAddressDefault implements EnvironmentPostProcessor {

  @Override
  public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
    String port = env.getProperty("management.server.port", "");
    if (port.isBlank() || env.containsProperty("management.server.address")) {
      return;
    }
    String address =
        env.getProperty(
            "FABRIC_MANAGEMENT_ADDRESS", env.getProperty("server.address", "127.0.0.1"));
    env.getPropertySources()
        .addLast(
            new MapPropertySource(
                "fabric-management-address", Map.of("management.server.address", address)));
  }
}
