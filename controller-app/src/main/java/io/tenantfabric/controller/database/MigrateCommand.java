package io.tenantfabric.controller.database;

import io.tenantfabric.db.migration.SchemaMigrations;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * {@code java -jar controller-app.jar --migrate}: runs the schema migrations as the owner role and
 * exits, 0 on success. Reads {@code FABRIC_DB_URL}, {@code FABRIC_DB_OWNER_USER}, {@code
 * FABRIC_DB_OWNER_PASSWORD} and {@code FABRIC_DB_USER} (the runtime role that the migrations grant
 * its privileges to). Then warns, on stderr, when roles other than these two may connect to the
 * database or create temporary tables in it ({@link DatabaseAccessCheck}). Other tools call it by
 * this name: keep it.
 */
public final class MigrateCommand {

  /** The command-line flag. */
  public static final String FLAG = "--migrate";

  static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:5432/postgres";
  static final String DEFAULT_OWNER = "tenant_fabric_owner";
  static final String DEFAULT_RUNTIME = "tenant_fabric";

  private MigrateCommand() {}

  /** Migrates with the settings in {@code env}; returns the process exit code. */
  public static int run(Map<String, String> env, PrintStream out, PrintStream err) {
    String url = env.getOrDefault("FABRIC_DB_URL", DEFAULT_URL);
    String owner = env.getOrDefault("FABRIC_DB_OWNER_USER", DEFAULT_OWNER);
    String password = env.getOrDefault("FABRIC_DB_OWNER_PASSWORD", "");
    String runtime = env.getOrDefault("FABRIC_DB_USER", DEFAULT_RUNTIME);
    try {
      if (owner.equals(runtime)) {
        throw new IllegalArgumentException(
            "FABRIC_DB_OWNER_USER and FABRIC_DB_USER are both '"
                + owner
                + "': the schema owner and the service's runtime role must be two roles");
      }
      SchemaMigrations.requireRole(owner);
      Flyway flyway = SchemaMigrations.configure(url, owner, password, runtime).load();
      MigrateResult result = flyway.migrate();
      out.println(
          "migrated "
              + redacted(url)
              + " as "
              + owner
              + " for runtime role "
              + runtime
              + ": "
              + result.migrationsExecuted
              + " migration(s) applied, schema now at version "
              + (result.targetSchemaVersion == null
                  ? result.initialSchemaVersion
                  : result.targetSchemaVersion));
      warnAboutAccess(flyway.getConfiguration().getDataSource(), owner, runtime, err);
      return 0;
    } catch (FlywayException | IllegalArgumentException e) {
      err.println("migrate failed: " + e.getMessage());
      return 1;
    }
  }

  // a warning, never a failure: the database's grants are its administrator's to decide
  private static void warnAboutAccess(
      DataSource dataSource, String owner, String runtime, PrintStream err) {
    try {
      DatabaseAccessCheck.warning(dataSource, owner, runtime)
          .ifPresent(w -> err.println("warning: " + w));
    } catch (SQLException e) {
      err.println("warning: cannot check who may connect to the database: " + e.getMessage());
    }
  }

  // a JDBC URL may carry a password parameter: print only up to the query string
  private static String redacted(String url) {
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q) + "?...";
  }
}
