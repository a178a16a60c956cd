package io.tenantfabric.db.migration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Refuses a connection whose user could undo the schema's own defences: a superuser (it can switch
 * triggers off with {@code session_replication_role}) or the owner of the audit trail, or a member
 * of that owner's role (either can {@code DISABLE TRIGGER} or {@code DROP} it).
 */
public final class RuntimeRoleCheck {

  private static final String QUERY =
      "SELECT current_user, r.rolsuper, (SELECT pg_get_userbyid(c.relowner) FROM pg_class c"
          + " WHERE c.oid = to_regclass('audit_events')),"
          + " (SELECT pg_has_role(current_user, c.relowner, 'MEMBER') FROM pg_class c"
          + " WHERE c.oid = to_regclass('audit_events'))"
          + " FROM pg_roles r WHERE r.rolname = current_user";

  private RuntimeRoleCheck() {}

  /**
   * Returns normally when the connection's user is a plain runtime role.
   *
   * @throws IllegalStateException naming the user and what it may not be
   */
  public static void requireRuntimeRole(Connection connection) throws SQLException {
    try (PreparedStatement st =
            connection.prepareStatement(
                "SELECT current_user, current_schema(),"
                    + " has_schema_privilege(current_schema(), 'USAGE')");
        ResultSet rs = st.executeQuery()) {
      rs.next();
      if (rs.getString(2) == null || !rs.getBoolean(3)) {
        throw new IllegalStateException(
            "The database user \""
                + rs.getString(1)
                + "\" may not use the schema "
                + (rs.getString(2) == null ? "(none on the search path)" : rs.getString(2))
                + ": the migrate step grants the runtime role its privileges. Run it as the schema"
                + " owner first: java -jar controller-app.jar --migrate (docs/configuration.md).");
      }
    }
    try (PreparedStatement st = connection.prepareStatement(QUERY);
        ResultSet rs = st.executeQuery()) {
      if (!rs.next()) {
        throw new IllegalStateException("cannot read the current database role");
      }
      String user = rs.getString(1);
      if (rs.getBoolean(2)) {
        throw new IllegalStateException(
            "The service connects as \""
                + user
                + "\", a PostgreSQL superuser, which can switch the audit trail's defences off."
                + " Connect as the runtime role (FABRIC_DB_USER) and migrate as the owner"
                + " (FABRIC_DB_OWNER_USER, --migrate); see docs/configuration.md.");
      }
      String owner = rs.getString(3);
      if (owner != null && rs.getBoolean(4)) {
        throw new IllegalStateException(
            "The service connects as \""
                + user
                + "\", which is (or is a member of) \""
                + owner
                + "\", the owner of the schema's tables. Connect as the runtime role"
                + " (FABRIC_DB_USER); the owner only runs --migrate.");
      }
    }
  }
}
