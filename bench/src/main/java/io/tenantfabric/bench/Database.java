package io.tenantfabric.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A fresh database per scenario, made with {@code psql} as the admin role: both roles created if
 * missing (the owner migrates, the runtime role runs the service), the database dropped and created
 * again owned by the owner, with {@code CONNECT} for those two roles only and {@code TEMPORARY} for
 * none but its owner. Returns the JDBC URL.
 */
final class Database {
  private static final Duration IN_USE_WAIT = Duration.ofSeconds(10);

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
    refuseWhileInUse(env, name);
    psql(env, "postgres", "DROP DATABASE IF EXISTS \"" + name + "\" WITH (FORCE)");
    psql(env, "postgres", "CREATE DATABASE \"" + name + "\" OWNER \"" + env.dbOwnerUser() + "\"");
    // as the deployment's database: PostgreSQL grants both to PUBLIC on a new database
    psql(
        env,
        "postgres",
        "REVOKE CONNECT, TEMPORARY ON DATABASE \""
            + name
            + "\" FROM PUBLIC; GRANT CONNECT ON DATABASE \""
            + name
            + "\" TO \""
            + env.dbOwnerUser()
            + "\", \""
            + env.dbUser()
            + "\"");
    return "jdbc:postgresql://" + env.dbHost() + ":" + env.dbPort() + "/" + name;
  }

  /**
   * Refuses to start a scenario while anything else is connected to the bench database, after
   * waiting {@link #IN_USE_WAIT} for a process on its way out. A scenario's own processes have
   * exited by the time the next one starts ({@code Product.close} waits for them), so a connection
   * here belongs to a controller or emulator of an interrupted run. Dropping the database {@code
   * WITH (FORCE)} under it does not help: such a controller reconnects to the new one, may take the
   * provisioning lead while the scenario's controller stands by, and the figures would then measure
   * the stray one with nothing to say so.
   */
  private static void refuseWhileInUse(BenchEnvironment env, String name)
      throws IOException, InterruptedException {
    String query =
        "SELECT string_agg(pid || ' ' || coalesce(nullif(application_name, ''), '-') || ' since '"
            + " || coalesce(date_trunc('second', backend_start)::text, '?'), '; ') FROM pg_stat_activity"
            + " WHERE datname = '"
            + name
            + "'";
    long end = System.nanoTime() + IN_USE_WAIT.toNanos();
    String users = psql(env, "postgres", query).strip();
    while (!users.isEmpty() && System.nanoTime() < end) {
      Thread.sleep(500);
      users = psql(env, "postgres", query).strip();
    }
    if (!users.isEmpty()) {
      throw new IOException(
          "the bench database "
              + name
              + " is in use by another process (backend pid, application, since: "
              + users
              + "), a controller of an interrupted bench run perhaps: it would take the"
              + " provisioning lead from the one measured. Stop it (ps aux | grep"
              + " controller-app.jar) and run again");
    }
  }

  /**
   * A server setting as PostgreSQL reports it ({@code SHOW}); every JSON carries autovacuum's,
   * since without it the growing tables are planned without statistics
   * (docs/perf/database-statistics.md).
   */
  static String setting(BenchEnvironment env, String name)
      throws IOException, InterruptedException {
    return psql(env, "postgres", "SELECT current_setting('" + name + "')").strip();
  }

  /**
   * One query on the scenario's database as the admin role, which sees every table and every
   * connection whatever its owner: its rows, {@code |}-separated columns, as {@code psql -tA}
   * prints them.
   */
  static String query(BenchEnvironment env, String sql) throws IOException, InterruptedException {
    return psql(env, env.dbName(), sql).strip();
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
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException("psql failed (" + sql + "): " + out.strip());
    }
    return out;
  }
}
