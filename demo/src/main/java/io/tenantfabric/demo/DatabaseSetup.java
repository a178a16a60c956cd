package io.tenantfabric.demo;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the migrate step needs before it can run, made as a superuser of the server
 * (docs/security.md, "Database roles"): the owner and runtime roles, and the database owned by the
 * owner. Idempotent.
 */
final class DatabaseSetup {
  static final String DATABASE = "tenant_fabric";

  private DatabaseSetup() {}

  /**
   * Creates what is missing on the server at {@code host:port} as {@code adminUser}, and refuses a
   * database whose tables an earlier release left to another role (the migrate step could not
   * change them).
   */
  static void ensure(String host, int port, DatabaseSettings s) throws DemoException {
    String server = "jdbc:postgresql://" + host + ":" + port + "/";
    try (Connection c =
            DriverManager.getConnection(server + "postgres", s.adminUser(), s.adminPassword());
        Statement st = c.createStatement()) {
      createRole(c, st, s.ownerUser(), s.ownerPassword());
      createRole(c, st, s.runtimeUser(), s.runtimePassword());
      if (!exists(c, "SELECT 1 FROM pg_database WHERE datname = ?", DATABASE)) {
        st.execute("CREATE DATABASE " + ident(DATABASE) + " OWNER " + ident(s.ownerUser()));
      }
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

  private static void createRole(Connection c, Statement st, String role, String password)
      throws SQLException {
    if (exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ?", role)) {
      return;
    }
    st.execute(
        "CREATE ROLE "
            + ident(role)
            + " LOGIN"
            + (password.isEmpty() ? "" : " PASSWORD " + literal(password)));
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
