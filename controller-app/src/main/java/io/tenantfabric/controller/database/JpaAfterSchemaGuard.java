package io.tenantfabric.controller.database;

import org.springframework.boot.jpa.autoconfigure.EntityManagerFactoryDependsOnPostProcessor;
import org.springframework.stereotype.Component;

/** Makes JPA (and Hibernate's schema validation) wait for {@link SchemaGuard}. */
@Component
class JpaAfterSchemaGuard extends EntityManagerFactoryDependsOnPostProcessor {

  JpaAfterSchemaGuard() {
    super(SchemaGuard.BEAN);
  }
}
