package io.tenantfabric.demo;

import java.util.Map;
import java.util.Optional;

/**
 * The database settings of the environment, named as the controller and {@code --migrate} read them
 * (docs/configuration.md); the admin user only creates roles and the database.
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

  private static Optional<String> nonBlank(String v) {
    return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
  }

  private static String or(Map<String, String> env, String name, String fallback) {
    return nonBlank(env.get(name)).orElse(fallback);
  }
}
