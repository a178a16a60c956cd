package io.tenantfabric.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A fresh database per scenario, made with {@code psql} as the admin role: both roles created if
 * missing (the owner migrates, the runtime role runs the service), the database dropped and created
 * again owned by the owner. Returns the JDBC URL.
 */
final class Database {
  private Database() {}

  static String fresh(BenchEnvironment env, String name) throws IOException, InterruptedException {
    for (String role : List.of(env.dbOwnerUser(), env.dbUser())) {
      psql(
          env,
          "postgres",
          "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '"
              + role
              + "') THEN CREATE ROLE \""
              + role
              + "\" LOGIN; END IF; END $$");
    }
    psql(env, "postgres", "DROP DATABASE IF EXISTS \"" + name + "\" WITH (FORCE)");
    psql(env, "postgres", "CREATE DATABASE \"" + name + "\" OWNER \"" + env.dbOwnerUser() + "\"");
    return "jdbc:postgresql://" + env.dbHost() + ":" + env.dbPort() + "/" + name;
  }

  /**
   * A server setting as PostgreSQL reports it ({@code SHOW}); every JSON carries autovacuum's,
   * since without it the growing tables are planned without statistics (docs/benchmarks.md).
   */
  static String setting(BenchEnvironment env, String name)
      throws IOException, InterruptedException {
    return psql(env, "postgres", "SELECT current_setting('" + name + "')").strip();
  }

  private static String psql(BenchEnvironment env, String db, String sql)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.addAll(
        List.of(
            "psql",
            "-h",
            env.dbHost(),
            "-p",
            Integer.toString(env.dbPort()),
            "-U",
            env.dbAdminUser(),
            "-d",
            db,
            "-v",
            "ON_ERROR_STOP=1",
            "-qtA",
            "-c",
            sql));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException("psql failed (" + sql + "): " + out.strip());
    }
    return out;
  }
}
