package io.tenantfabric.controller.support;

import io.tenantfabric.db.testing.TestDatabases;
import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Points the datasource, Flyway and Hibernate at a fresh schema and registers that schema as a
 * bean, so that tests can open their own JDBC connections to it.
 */
public final class FreshSchemaInitializer
    implements ApplicationContextInitializer<ConfigurableApplicationContext> {

  @Override
  public void initialize(ConfigurableApplicationContext context) {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it");
    Map<String, Object> props =
        Map.of(
            "spring.datasource.url", schema.url(),
            "spring.datasource.username", schema.user(),
            "spring.datasource.password", schema.password(),
            "spring.flyway.schemas", schema.name(),
            "spring.flyway.default-schema", schema.name(),
            "spring.jpa.properties.hibernate.default_schema", schema.name());
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(new MapPropertySource("freshSchema", props));
    context.getBeanFactory().registerSingleton("testSchema", schema);
  }
}
