package io.tenantfabric.demo;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * What the migrate step needs before it can run, made as a superuser of the server
 * (docs/security.md, "Database roles"): the owner and runtime roles, each with its password
 * (SCRAM), and the database owned by the owner, which only those two roles may connect to and in
 * which no role but its owner may create temporary tables. Idempotent.
 */
final class DatabaseSetup {
  static final String DATABASE = "tenant_fabric";

  private DatabaseSetup() {}

  /**
   * Creates what is missing on the server at {@code host:port} as {@code adminUser}, gives the
   * roles named in {@code passwordsToSet} their password even if they exist (the demo made them,
   * and keeps their passwords), takes the database's {@code CONNECT} and {@code TEMPORARY} from
   * {@code PUBLIC}, and refuses a database whose tables an earlier release left to another role
   * (the migrate step could not change them).
   */
  static void ensure(String host, int port, DatabaseSettings s, Set<String> passwordsToSet)
      throws DemoException {
    String server = "jdbc:postgresql://" + host + ":" + port + "/";
    try (Connection c =
            DriverManager.getConnection(server + "postgres", s.adminUser(), s.adminPassword());
        Statement st = c.createStatement()) {
      // passwords set on this connection are stored as SCRAM verifiers whatever the server's
      // default
      st.execute("SET password_encryption = 'scram-sha-256'");
      role(c, st, s.ownerUser(), s.ownerPassword(), passwordsToSet.contains(s.ownerUser()));
      role(c, st, s.runtimeUser(), s.runtimePassword(), passwordsToSet.contains(s.runtimeUser()));
      if (!exists(c, "SELECT 1 FROM pg_database WHERE datname = ?", DATABASE)) {
        st.execute("CREATE DATABASE " + ident(DATABASE) + " OWNER " + ident(s.ownerUser()));
      }
      // PostgreSQL grants both to PUBLIC on every new database: any login of the cluster could
      // connect, take the advisory locks the controller relies on, or shadow its tables with
      // temporary ones. The owner keeps them as the database's owner.
      st.execute("REVOKE CONNECT, TEMPORARY ON DATABASE " + ident(DATABASE) + " FROM PUBLIC");
      st.execute(
          "GRANT CONNECT ON DATABASE "
              + ident(DATABASE)
              + " TO "
              + ident(s.ownerUser())
              + ", "
              + ident(s.runtimeUser()));
    } catch (SQLException e) {
      throw new DemoException(
          "cannot create the roles and the database "
              + DATABASE
              + " on "
              + host
              + ":"
              + port
              + " as "
              + s.adminUser()
              + " (FABRIC_DB_ADMIN_USER, FABRIC_DB_ADMIN_PASSWORD; it needs CREATEROLE and"
              + " CREATEDB): "
              + e.getMessage(),
          e);
    }
    try (Connection c =
            DriverManager.getConnection(server + DATABASE, s.adminUser(), s.adminPassword());
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner <> ?")) {
      ps.setString(1, s.ownerUser());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        if (rs.getInt(1) > 0) {
          throw new DemoException(
              "database "
                  + DATABASE
                  + " on "
                  + host
                  + ":"
                  + port
                  + " holds tables of an earlier release that "
                  + s.ownerUser()
                  + " does not own; hand them over once (docs/upgrade.md): psql -h "
                  + host
                  + " -p "
                  + port
                  + " -U "
                  + s.adminUser()
                  + " -d "
                  + DATABASE
                  + " -v owner="
                  + s.ownerUser()
                  + " -v schema=public -f db/scripts/move-to-owner-role.sql");
        }
      }
    } catch (SQLException e) {
      throw new DemoException("cannot check database " + DATABASE + ": " + e.getMessage(), e);
    }
  }

  private static void role(
      Connection c, Statement st, String role, String password, boolean setPassword)
      throws SQLException {
    String withPassword = password.isEmpty() ? "" : " PASSWORD " + literal(password);
    if (!exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ?", role)) {
      st.execute("CREATE ROLE " + ident(role) + " LOGIN" + withPassword);
    } else if (setPassword && !password.isEmpty()) {
      st.execute("ALTER ROLE " + ident(role) + withPassword);
    }
  }

  private static boolean exists(Connection c, String sql, String value) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, value);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  // DDL takes no bind parameters: quote as PostgreSQL's quote_ident / quote_literal do
  static String ident(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  static String literal(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
