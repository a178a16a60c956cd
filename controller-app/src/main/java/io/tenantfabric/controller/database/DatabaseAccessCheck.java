package io.tenantfabric.controller.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Whether roles other than the owner and the runtime role may connect to the service's database or
 * create temporary tables in it, as {@code --migrate} checks after migrating. PostgreSQL grants
 * both to {@code PUBLIC} on every new database: any login of the cluster could then take the
 * advisory locks the controller relies on (its provisioning lead, the audit chain's lock) and send
 * its notifications, and a temporary table can shadow a table of the same name for its session.
 */
final class DatabaseAccessCheck {

  private DatabaseAccessCheck() {}

  /** The warning for the database {@code dataSource} reaches, if it deserves one. */
  static Optional<String> warning(DataSource dataSource, String owner, String runtime)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT current_database(),"
                    + " has_database_privilege('public', current_database()::text, 'CONNECT'),"
                    + " has_database_privilege('public', current_database()::text, 'TEMPORARY'),"
                    + " has_database_privilege(?::name, current_database()::text, 'TEMPORARY')")) {
      ps.setString(1, runtime);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return warningFor(
            rs.getString(1), owner, runtime, rs.getBoolean(2), rs.getBoolean(3), rs.getBoolean(4));
      }
    }
  }

  /**
   * The warning for {@code database} when {@code PUBLIC} may connect to it or create temporary
   * tables in it, or the runtime role may create them; empty when none of these holds.
   */
  static Optional<String> warningFor(
      String database,
      String owner,
      String runtime,
      boolean publicConnect,
      boolean publicTemporary,
      boolean runtimeTemporary) {
    List<String> fixes = new ArrayList<>();
    if (publicConnect || publicTemporary) {
      fixes.add("REVOKE CONNECT, TEMPORARY ON DATABASE " + ident(database) + " FROM PUBLIC;");
      fixes.add(
          "GRANT CONNECT ON DATABASE "
              + ident(database)
              + " TO "
              + ident(owner)
              + ", "
              + ident(runtime)
              + ";");
    }
    if (runtimeTemporary && !publicTemporary) {
      fixes.add(
          "REVOKE TEMPORARY ON DATABASE " + ident(database) + " FROM " + ident(runtime) + ";");
    }
    if (fixes.isEmpty()) {
      return Optional.empty();
    }
    List<String> found = new ArrayList<>();
    if (publicConnect) {
      found.add("every role of the cluster may connect to it");
    }
    if (publicTemporary) {
      found.add("every role may create temporary tables in it");
    } else if (runtimeTemporary) {
      found.add("the runtime role " + runtime + " may create temporary tables in it");
    }
    return Optional.of(
        "database "
            + database
            + ": "
            + String.join(", and ", found)
            + ". Any login could then take the advisory locks the controller relies on, send"
            + " its notifications, or shadow its tables. As the database's owner or a superuser,"
            + " run: "
            + String.join(" ", fixes)
            + " (docs/deploy.md, \"Database access\")");
  }

  // as PostgreSQL's quote_ident, always quoted
  private static String ident(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
