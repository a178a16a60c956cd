package io.tenantfabric.bench;

import io.tenantfabric.db.testing.ReplicatedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The product a chaos run fires at: a PostgreSQL primary with a synchronous standby ({@link
 * ReplicatedPostgres}), the emulated fabric at a per-RPC delay, and two controller instances on the
 * one database through a multi-host URL, each on its own port, either of them restartable. The
 * fabric is defined and every leaf IN_SYNC when {@link #start} returns.
 */
final class ChaosFabric implements AutoCloseable {
  static final String DATABASE = "tenant_fabric_chaos";

  private final Path dir;
  private final ReplicatedPostgres pg;
  private final Emulator emulator;
  private final List<ChaosInstance> instances = new ArrayList<>();

  private ChaosFabric(Path dir, ReplicatedPostgres pg, Emulator emulator) {
    this.dir = dir;
    this.pg = pg;
    this.emulator = emulator;
  }

  static ChaosFabric start(BenchEnvironment env, Path dir, String preset, long delayMs)
      throws Exception {
    ReplicatedPostgres pg = ReplicatedPostgres.start(DATABASE);
    Emulator emulator = null;
    ChaosFabric f = null;
    try {
      emulator = Emulator.start(env, dir, preset, null, true, delayMs);
      f = new ChaosFabric(dir, pg, emulator);
      f.boot(env, preset);
      return f;
    } catch (Exception | Error e) {
      if (f != null) {
        f.close();
      } else {
        if (emulator != null) {
          emulator.close();
        }
        pg.close();
      }
      throw e;
    }
  }

  private void boot(BenchEnvironment env, String preset) throws Exception {
    roles(env);
    String token = Product.bootstrapToken();
    Map<String, String> dbEnv =
        Map.of(
            "FABRIC_DB_URL",
            pg.url(DATABASE),
            "FABRIC_DB_OWNER_USER",
            env.dbOwnerUser(),
            "FABRIC_DB_USER",
            env.dbUser(),
            "FABRIC_BOOTSTRAP_TOKEN",
            token);
    Product.migrate(env, dir, dbEnv);
    for (int i = 0; i < 2; i++) {
      instances.add(ChaosInstance.start(env, dir, i, dbEnv, token));
    }
    Api api = instances.get(0).api();
    Map<String, Object> fabric =
        Map.of(
            "preset",
            preset,
            "devices",
            Inventory.devices(emulator.inventory(), Emulator.PASSWORD));
    Api.Response r = api.put("/api/v1/fabric", fabric);
    if (r.status() != 201) {
      throw new IOException("PUT /api/v1/fabric -> " + r);
    }
    Product.waitFor(
        Duration.ofMinutes(10), api::allInSync, instances.get(0).process(), "every leaf IN_SYNC");
  }

  /** The controller's two roles on the fresh cluster, and the database given to its owner. */
  private void roles(BenchEnvironment env) throws SQLException {
    try (Connection c = admin();
        Statement st = c.createStatement()) {
      for (String role : List.of(env.dbOwnerUser(), env.dbUser())) {
        st.execute("CREATE ROLE \"" + role + "\" LOGIN");
      }
      st.execute("ALTER DATABASE " + DATABASE + " OWNER TO \"" + env.dbOwnerUser() + "\"");
      st.execute("REVOKE CONNECT, TEMPORARY ON DATABASE " + DATABASE + " FROM PUBLIC");
      st.execute(
          "GRANT CONNECT ON DATABASE "
              + DATABASE
              + " TO \""
              + env.dbOwnerUser()
              + "\", \""
              + env.dbUser()
              + "\"");
    }
  }

  /** A superuser connection to whichever server is the primary now. */
  Connection admin() throws SQLException {
    return DriverManager.getConnection(pg.url(DATABASE), "postgres", "");
  }

  ReplicatedPostgres postgres() {
    return pg;
  }

  Emulator emulator() {
    return emulator;
  }

  List<ChaosInstance> instances() {
    return instances;
  }

  /**
   * The instance whose health says it leads the provisioner, or -1 when none does right now (a
   * takeover under way, or both down).
   */
  int leader() {
    for (int i = 0; i < instances.size(); i++) {
      try {
        Api.Response r = instances.get(i).api().get("/actuator/health");
        JsonNode leading = r.json().path("components").path("provisioner").path("details");
        if (leading.path("leading").asBoolean(false)) {
          return i;
        }
      } catch (IOException | RuntimeException down) {
        // a killed or starting instance leads nothing
      }
    }
    return -1;
  }

  /** An instance that answers now, the first one when both do. */
  Api anyApi() {
    for (ChaosInstance i : instances) {
      if (i.alive() && i.api().health()) {
        return i.api();
      }
    }
    return instances.get(0).api();
  }

  @Override
  public void close() {
    instances.forEach(ChaosInstance::close);
    emulator.close();
    pg.close();
  }
}
