package io.tenantfabric.controller.database;

import io.tenantfabric.db.migration.RuntimeRoleCheck;
import io.tenantfabric.db.migration.SchemaMigrations;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Runs before JPA starts: the service's database user must be a plain runtime role (not a
 * superuser, not the owner), and the schema must be exactly what this build's migrations make. The
 * service never migrates: that is the owner's {@code --migrate} step ({@link MigrateCommand}).
 */
@Component(SchemaGuard.BEAN)
class SchemaGuard implements InitializingBean {

  static final String BEAN = "schemaGuard";

  private final DataSource dataSource;
  private final String runtimeRole;

  SchemaGuard(DataSource dataSource, @Value("${spring.datasource.username}") String runtimeRole) {
    this.dataSource = dataSource;
    this.runtimeRole = runtimeRole;
  }

  @Override
  public void afterPropertiesSet() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      RuntimeRoleCheck.requireRuntimeRole(c);
    }
    Flyway flyway = SchemaMigrations.flyway(dataSource, runtimeRole);
    MigrationInfo[] pending = flyway.info().pending();
    if (pending.length > 0) {
      MigrationInfo current = flyway.info().current();
      throw new IllegalStateException(
          "The database schema is at version "
              + (current == null ? "none (empty)" : current.getVersion())
              + " but this build needs "
              + Arrays.stream(pending)
                  .map(m -> m.getVersion().toString())
                  .collect(Collectors.joining(", ", "[", "]"))
              + ". Run the migrate step as the schema owner first: java -jar controller-app.jar"
              + " --migrate (docs/configuration.md).");
    }
    flyway.validate();
  }
}
