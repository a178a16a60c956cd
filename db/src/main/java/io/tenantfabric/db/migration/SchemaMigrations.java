package io.tenantfabric.db.migration;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * The one Flyway configuration of tenant-fabric: migrations from {@code classpath:db/migration},
 * the runtime role as the placeholder {@code runtime_role} (V5 grants it its privileges), and no
 * {@code clean}. The {@code --migrate} step, the service's start-up validation and the tests all
 * build Flyway here, so they cannot disagree.
 */
public final class SchemaMigrations {

  /** The placeholder V5 and later migrations use for the runtime role's name. */
  public static final String RUNTIME_ROLE_PLACEHOLDER = "runtime_role";

  // a PostgreSQL role name as the migrations quote it: no quotes, no placeholder syntax
  private static final Pattern ROLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_$-]{0,62}");

  private SchemaMigrations() {}

  /**
   * Flyway on {@code dataSource} (connected as the schema owner to migrate, or as the runtime role
   * to validate) for the runtime role {@code runtimeRole}.
   */
  public static Flyway flyway(DataSource dataSource, String runtimeRole) {
    return configure(dataSource, runtimeRole).load();
  }

  /** The configuration of {@link #flyway}, for callers that add a target version (tests). */
  public static FluentConfiguration configure(DataSource dataSource, String runtimeRole) {
    Objects.requireNonNull(dataSource, "dataSource");
    return common(runtimeRole).dataSource(dataSource);
  }

  /** Flyway on a JDBC URL with the owner's credentials: the {@code --migrate} step. */
  public static FluentConfiguration configure(
      String url, String ownerUser, String ownerPassword, String runtimeRole) {
    Objects.requireNonNull(url, "url");
    return common(runtimeRole).dataSource(url, ownerUser, ownerPassword);
  }

  private static FluentConfiguration common(String runtimeRole) {
    return Flyway.configure()
        .locations("classpath:db/migration")
        .placeholders(Map.of(RUNTIME_ROLE_PLACEHOLDER, requireRole(runtimeRole)))
        .validateMigrationNaming(true)
        .cleanDisabled(true)
        .failOnMissingLocations(true);
  }

  /** {@code role} when it is a plain PostgreSQL role name, else an exception naming it. */
  public static String requireRole(String role) {
    if (role == null || !ROLE.matcher(role).matches()) {
      throw new IllegalArgumentException(
          "'"
              + role
              + "' is not a usable database role name (letters, digits, _ $ -; at most 63;"
              + " starting with a letter or _)");
    }
    return role;
  }
}
