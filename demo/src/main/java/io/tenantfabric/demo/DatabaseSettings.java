package io.tenantfabric.demo;

import java.util.Map;
import java.util.Optional;

/**
 * The database settings of the environment, named as the controller and {@code --migrate} read them
 * (docs/configuration.md); the admin user only creates roles and the database. An empty password
 * means none was given: for a database it makes, the demo then uses one it generated and kept.
 */
record DatabaseSettings(
    Optional<String> url,
    String runtimeUser,
    String runtimePassword,
    String ownerUser,
    String ownerPassword,
    String adminUser,
    String adminPassword,
    Optional<String> bootstrapToken) {

  static DatabaseSettings from(Map<String, String> env) {
    return new DatabaseSettings(
        nonBlank(env.get("FABRIC_DB_URL")),
        or(env, "FABRIC_DB_USER", "tenant_fabric"),
        or(env, "FABRIC_DB_PASSWORD", ""),
        or(env, "FABRIC_DB_OWNER_USER", "tenant_fabric_owner"),
        or(env, "FABRIC_DB_OWNER_PASSWORD", ""),
        or(env, "FABRIC_DB_ADMIN_USER", "postgres"),
        or(env, "FABRIC_DB_ADMIN_PASSWORD", ""),
        nonBlank(env.get("FABRIC_BOOTSTRAP_TOKEN")));
  }

  /** The same settings with these passwords of the owner and runtime roles. */
  DatabaseSettings withPasswords(String owner, String runtime) {
    return new DatabaseSettings(
        url, runtimeUser, runtime, ownerUser, owner, adminUser, adminPassword, bootstrapToken);
  }

  /** The same settings with this admin user, as a server the demo made has its own. */
  DatabaseSettings withAdmin(String user, String password) {
    return new DatabaseSettings(
        url,
        runtimeUser,
        runtimePassword,
        ownerUser,
        ownerPassword,
        user,
        password,
        bootstrapToken);
  }

  /** Names the roles, never a password or the bootstrap token. */
  @Override
  public String toString() {
    return "DatabaseSettings[url="
        + url.map(u -> u.contains("?") ? u.substring(0, u.indexOf('?')) + "?..." : u).orElse("none")
        + ", runtimeUser="
        + runtimeUser
        + ", ownerUser="
        + ownerUser
        + ", adminUser="
        + adminUser
        + "]";
  }

  private static Optional<String> nonBlank(String v) {
    return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
  }

  private static String or(Map<String, String> env, String name, String fallback) {
    return nonBlank(env.get(name)).orElse(fallback);
  }
}
