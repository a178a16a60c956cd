package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ApiIntent;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.SwitchName;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller processes on one database schema, both serving the API: exactly one runs the
 * provisioner (the holder of the advisory lock). Allocations go to both. First the leader's lock
 * session is cut while a batch is open: it abandons the batch and one instance leads again. Then
 * the leader is SIGKILLed while a batch is open: the other takes over, finishes what the dead one
 * left, and every allocation ends ACTIVE. Meanwhile a sampler watches that no switch's applied
 * generation ever goes back, the audit trail shows no change refused because a lock was held by one
 * of our own sessions (the fenced leader's watchdog cuts its sessions, and a new leader that finds
 * a batch left open waits the takeover grace), and at the end every switch runs the compiled
 * intent.
 */
class FailoverIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(150);
  static final String LEADER = "became the provisioning leader";
  static final String FENCED = "no longer the provisioning leader";

  @TempDir Path logs;

  @Test
  void theLeaderKilledMidBatchIsReplacedAndEveryAllocationEndsActive() throws Exception {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_failover");
    List<String> tenants = new ArrayList<>();
    List<String[]> allocations = new ArrayList<>(); // tenant, id
    try (EmulatedFabric emulator = EmulatedFabrics.start(PRESET, Profile.COMWARE7);
        ControllerProcess a = ControllerProcess.start(schema, logs.resolve("a.log"));
        ControllerProcess b = ControllerProcess.start(schema, logs.resolve("b.log"));
        GenerationSampler sampler = new GenerationSampler(schema)) {
      assertThat(EmulatedFabrics.eventually(DEADLINE, () -> a.logged(LEADER) || b.logged(LEADER)))
          .as("one instance leads")
          .isTrue();
      ControllerProcess leader = a.logged(LEADER) ? a : b;
      ControllerProcess standby = leader == a ? b : a;
      assertThat(standby.logged(LEADER)).as("only one instance leads").isFalse();

      ApiClient.Response defined =
          standby.api().put("/api/v1/fabric", EmulatedFabrics.definition(PRESET, emulator));
      assertThat(defined.status()).as(defined.toString()).isEqualTo(201);
      EmulatedFabrics.awaitInSync(standby.api(), DEADLINE);
      sampler.start();

      // slow switches, so that the fence and the kill land while a batch is open
      for (EmulatedDevice d : emulator.devices()) {
        d.injectFault(new Fault(FaultType.DELAY, 0, 150));
      }
      List<ControllerProcess> both = List.of(a, b);
      for (int i = 0; i < 4; i++) {
        allocations.add(lease(both.get(i % 2).api(), "fo-" + i, tenants));
      }

      // 1. the leader's lock connection dies under it (the process lives on): it abandons its
      // batch at the next check and stands by; one instance leads again
      assertThat(EmulatedFabrics.eventually(DEADLINE, () -> openBatches(schema) > 0))
          .as("a batch is open")
          .isTrue();
      assertThat(terminateLockSession(schema)).as("the lock session terminated").isEqualTo(1);
      assertThat(EmulatedFabrics.eventually(DEADLINE, () -> leader.logged(FENCED)))
          .as("the fenced leader noticed: %s", leader.tail())
          .isTrue();
      assertThat(EmulatedFabrics.eventually(DEADLINE, () -> leads(a) + leads(b) == 2))
          .as("one instance leads again")
          .isTrue();
      ControllerProcess second = leads(leader) == 2 ? leader : standby;
      ControllerProcess survivor = second == a ? b : a;

      // 2. the leader is SIGKILLed while a batch is open: the other takes over
      for (int i = 4; i < 6; i++) {
        allocations.add(lease(both.get(i % 2).api(), "fo-" + i, tenants));
      }
      assertThat(EmulatedFabrics.eventually(DEADLINE, () -> openBatches(schema) > 0))
          .as("a batch is open")
          .isTrue();
      int survivorLed = leads(survivor);
      second.kill(); // its lock connection and switch sessions are cut by the kernel
      for (int i = 6; i < 8; i++) {
        allocations.add(lease(survivor.api(), "fo-" + i, tenants));
      }
      emulator.devices().forEach(EmulatedDevice::clearFaults);
      ApiClient api = survivor.api();
      assertThat(EmulatedFabrics.eventually(DEADLINE, () -> leads(survivor) > survivorLed))
          .as("the survivor took over: %s", survivor.tail())
          .isTrue();
      assertThat(
              EmulatedFabrics.eventually(
                  DEADLINE, () -> EmulatedFabrics.allActive(api, allocations)))
          .as("every allocation ACTIVE: %s", survivor.tail())
          .isTrue();
      EmulatedFabrics.awaitInSync(api, DEADLINE);
      sampler.close();

      assertThat(sampler.samples()).as("the sampler watched the whole run").isGreaterThan(10);
      assertThat(sampler.regressions()).as("applied_generation went back").isEmpty();
      assertThat(openBatches(schema)).as("no batch left open").isZero();
      assertThat(
              SchemaQueries.count(
                  schema, "SELECT count(*) FROM provisioning_batches WHERE state = 'RECOVERED'"))
          .as("the batch the dead leader left open was finished by the new one")
          .isPositive();
      assertThat(lockedRefusals(schema))
          .as("no change refused for a lock one of our own sessions held")
          .isZero();

      FabricSnapshot intent = ApiIntent.snapshot(api, PRESET, tenants);
      for (EmulatedDevice d : emulator.devices()) {
        DeviceConfig expected = FabricCompiler.compile(intent, new SwitchName(d.name()));
        assertThat(EmulatedFabrics.running(d, expected))
            .as("%s runs the compiled intent", d.name())
            .isEqualTo(expected);
      }
    }
  }

  private static int leads(ControllerProcess p) {
    return p.count(LEADER);
  }

  /** Cuts the provisioning lock's session (the leader's), as a network fault or a DBA would. */
  private static long terminateLockSession(TestDatabases.Schema schema) {
    return SchemaQueries.count(
        schema,
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_locks"
            + " WHERE locktype = 'advisory' AND granted AND classid = x'74666162'::int::oid"
            + " AND objid = hashtext('"
            + schema.name()
            + "')::oid AND objsubid = 2) t");
  }

  private static long lockedRefusals(TestDatabases.Schema schema) {
    return SchemaQueries.count(
        schema,
        "SELECT count(*) FROM audit_events WHERE action = 'device.apply'"
            + " AND outcome = 'FAILURE' AND details->>'kind' = 'LOCKED'");
  }

  private static String[] lease(ApiClient api, String tenant, List<String> tenants) {
    ApiClient.Response t =
        api.post("/api/v1/tenants", Map.of("name", tenant, "displayName", tenant, "gpuQuota", 8));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    tenants.add(tenant);
    ApiClient.Response r =
        api.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", 8));
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    return new String[] {tenant, r.json().get("id").asString()};
  }

  private static long openBatches(TestDatabases.Schema schema) {
    return SchemaQueries.count(
        schema,
        "SELECT count(*) FROM provisioning_batches WHERE state IN ('PREPARING', 'CONFIRMING')");
  }

  /** Reads every switch's applied generation every few milliseconds and notes any that fell. */
  static final class GenerationSampler implements AutoCloseable {

    private final TestDatabases.Schema schema;
    private final Map<String, Long> highest = new HashMap<>();
    private final List<String> regressions = new CopyOnWriteArrayList<>();
    private final AtomicLong samples = new AtomicLong();
    private final AtomicBoolean running = new AtomicBoolean();
    private Thread thread;

    GenerationSampler(TestDatabases.Schema schema) {
      this.schema = schema;
    }

    void start() {
      running.set(true);
      thread = new Thread(this::sample, "generation-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    private void sample() {
      try (Connection c = schema.connect();
          Statement st = c.createStatement()) {
        while (running.get()) {
          try (ResultSet rs = st.executeQuery("SELECT name, applied_generation FROM switches")) {
            while (rs.next()) {
              long g = rs.getLong(2);
              Long before = highest.put(rs.getString(1), g);
              if (before != null && g < before) {
                regressions.add(rs.getString(1) + ": " + before + " -> " + g);
              }
            }
          }
          samples.incrementAndGet();
          LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
      } catch (SQLException e) {
        regressions.add("the sampler failed: " + e);
      }
    }

    long samples() {
      return samples.get();
    }

    List<String> regressions() {
      return regressions;
    }

    @Override
    public void close() throws InterruptedException {
      running.set(false);
      if (thread != null) {
        thread.join(5_000);
      }
    }
  }
}
