package io.tenantfabric.controller.support;

import io.tenantfabric.db.testing.TestDatabases;
import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Gives the application a fresh schema, migrated by its owner as the {@code --migrate} step would,
 * and connects the application as the runtime role (so every IT runs with the service's
 * privileges); registers the schema as a bean so that tests can open their own connections.
 */
public final class FreshSchemaInitializer
    implements ApplicationContextInitializer<ConfigurableApplicationContext> {

  @Override
  public void initialize(ConfigurableApplicationContext context) {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it");
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(new MapPropertySource("freshSchema", properties(schema)));
    context.getBeanFactory().registerSingleton("testSchema", schema);
  }

  /** The datasource properties that point the application at {@code schema} as its runtime role. */
  public static Map<String, Object> properties(TestDatabases.Schema schema) {
    return Map.of(
        "spring.datasource.url", schema.url(),
        "spring.datasource.username", schema.user(),
        "spring.datasource.password", schema.password(),
        "spring.jpa.properties.hibernate.default_schema", schema.name());
  }
}
