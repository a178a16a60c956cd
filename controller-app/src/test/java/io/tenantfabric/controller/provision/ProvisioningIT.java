package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.IntentNotifications;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A lease becomes an isolated network on the switches: the real provisioner over real SSH/NETCONF
 * to an emulated 1,024-GPU fabric (comware7), on real PostgreSQL.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProvisioningIT {
  private static final Logger LOG = LoggerFactory.getLogger(ProvisioningIT.class);

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric(PRESET);
  @Autowired FabricSnapshots snapshots;
  @Autowired FabricModels models;
  @Autowired Transactions tx;
  @Autowired DataSource dataSource;

  EmulatedFabric emulator;
  ApiClient api;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
    emulator = fabric.emulator();
  }

  @Test
  void everySwitchRunsTheBaselineAndNoTenant() {
    JsonNode fabric = api.get("/api/v1/fabric").json();
    for (JsonNode s : fabric.get("switches")) {
      assertThat(s.get("state").asString()).as(s.toString()).isEqualTo("IN_SYNC");
      assertThat(s.get("appliedGeneration").asLong())
          .isEqualTo(s.get("desiredGeneration").asLong());
      assertThat(s.has("lastVerifiedAt")).isTrue();
    }
    assertRunningEqualsIntent(List.of("leaf-01", "spine-01"));
    // the provisioner saves running to startup once it is idle, and says so
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE,
                () -> {
                  for (JsonNode s : api.get("/api/v1/fabric").json().get("switches")) {
                    if (!s.path("unsavedSince").isNull()) {
                      return false;
                    }
                  }
                  return true;
                }))
        .as("every change saved: %s", api.get("/api/v1/fabric").body())
        .isTrue();
  }

  /**
   * On managed switches an allocation's intent change wakes the provisioner, and says how many
   * allocations it recorded: after a batch, the provisioner ends its gather once as many changes
   * are back as it settled (docs/provisioning.md, "Gathering after a slow batch"), and the intent
   * version it left, by which the provisioner of the instance that made it knows it has heard of
   * it.
   */
  @Test
  void anAllocationsIntentNotificationCarriesItsNumberOfAllocations() throws Exception {
    tenant("told", 2);
    try (IntentNotifications told = IntentNotifications.listen(dataSource)) {
      ApiClient.Response r = api.post("/api/v1/tenants/told/allocations", Map.of("gpus", 2));
      assertThat(r.status()).as(r.toString()).isEqualTo(202);
      String id = r.json().get("id").asString();
      // the number of allocations, then the id of the transaction that made it
      List<String> allocated = told.first(Duration.ofSeconds(10));
      assertThat(allocated).singleElement().asString().matches("1:[0-9]+");
      // released again, so that the other tests find the fabric without this tenant's ports
      ApiClient.Response released =
          api.delete("/api/v1/tenants/told/allocations/" + id + "?wait=PT60S");
      assertThat(released.json().get("status").asString())
          .as(released.toString())
          .isEqualTo("RELEASED");
      // a release leaves the intent version as it was; its notification is still its own, or the
      // provisioner that heard of the allocation would take it for the allocation's and sleep on
      List<String> releasing = told.first(Duration.ofSeconds(10));
      assertThat(releasing)
          .singleElement()
          .asString()
          .matches("1:[0-9]+")
          .isNotEqualTo(allocated.get(0));
    }
  }

  @Test
  void allocationsOf1To64GpusEndActiveWithExactlyTheirPortsBoundAndReleaseScrubsThem() {
    Map<String, JsonNode> active = new TreeMap<>();
    for (int gpus : new int[] {1, 8, 16, 64}) {
      String tenant = "lease-" + gpus;
      tenant(tenant, 64);
      ApiClient.Response r =
          api.post("/api/v1/tenants/" + tenant + "/allocations?wait=PT60S", Map.of("gpus", gpus));
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
      assertThat(r.json().get("status").asString()).isEqualTo("ACTIVE");
      assertThat(r.json().get("health").asString()).isEqualTo("OK");
      assertThat(r.json().get("pendingSwitches")).isEmpty();
      assertThat(r.json().get("gpus")).hasSize(gpus);
      // the waiter's re-read and a portal's read of one allocation are two readers: they agree
      ApiClient.Response read =
          api.get("/api/v1/tenants/" + tenant + "/allocations/" + r.json().get("id").asString());
      assertThat(r.json()).isEqualTo(read.json());
      active.put(tenant, r.json());
    }

    // every leaf: exactly the allocated ports bound, in their tenant's VSI, behind its ACL
    Map<String, Map<String, String>> boundPerLeaf = new HashMap<>(); // leaf -> port -> tenant
    for (Map.Entry<String, JsonNode> e : active.entrySet()) {
      for (JsonNode g : e.getValue().get("gpus")) {
        boundPerLeaf
            .computeIfAbsent(g.get("leaf").asString(), k -> new HashMap<>())
            .put(g.get("port").asString(), e.getKey());
      }
    }
    for (String leaf : leaves()) {
      DeviceConfig running = EmulatedFabrics.running(emulator.device(leaf), intended(leaf));
      Map<String, String> expected = boundPerLeaf.getOrDefault(leaf, Map.of());
      Map<String, String> bound = new HashMap<>();
      for (PortConfig p : running.ports().values()) {
        p.binding().ifPresent(b -> bound.put(p.port().value(), b.vsiName().substring(2)));
        if (p.binding().isPresent()) {
          assertThat(p.adminUp()).isTrue();
          assertThat(p.inboundAcl()).contains(p.binding().get().vsiName() + "-in");
        } else {
          assertThat(p.adminUp()).as("%s %s is free and shut", leaf, p.port()).isFalse();
          assertThat(p.inboundAcl()).isEmpty();
        }
      }
      assertThat(bound).as("bound ports on %s", leaf).isEqualTo(expected);
      assertThat(running.vsis().keySet())
          .as("VSIs on %s", leaf)
          .isEqualTo(new TreeSet<>(expected.values().stream().map(t -> "t-" + t).toList()));
      assertThat(running.losslessPorts()).containsAll(running.ports().keySet());
      assertThat(running).as("%s runs the compiled intent", leaf).isEqualTo(intended(leaf));
    }

    // release: RELEASED once the ports are verified scrubbed
    for (Map.Entry<String, JsonNode> e : active.entrySet()) {
      ApiClient.Response r =
          api.delete(
              "/api/v1/tenants/"
                  + e.getKey()
                  + "/allocations/"
                  + e.getValue().get("id").asString()
                  + "?wait=PT60S");
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
      assertThat(r.json().get("status").asString()).isEqualTo("RELEASED");
    }
    for (String leaf : boundPerLeaf.keySet()) {
      DeviceConfig running = EmulatedFabrics.running(emulator.device(leaf), intended(leaf));
      assertThat(running.vsis()).as("no VSI left on %s", leaf).isEmpty();
      assertThat(running.ports().values())
          .allSatisfy(p -> assertThat(p).isEqualTo(PortConfig.scrubbed(p.port())));
    }
  }

  @Test
  void twoHundredOneGpuTenantsAllocatedConcurrentlyAllEndActive() throws Exception {
    int tenants = 200;
    for (int i = 0; i < tenants; i++) {
      tenant(String.format("solo-%03d", i), 1);
    }
    long firstEvent = lastEventId();
    ExecutorService clients = Executors.newFixedThreadPool(16);
    List<Future<ApiClient.Response>> answers = new ArrayList<>();
    try {
      for (int i = 0; i < tenants; i++) {
        String path = String.format("/api/v1/tenants/solo-%03d/allocations?wait=PT60S", i);
        answers.add(clients.submit(() -> api.post(path, Map.of("gpus", 1))));
      }
      Map<String, Integer> allocationsPerLeaf = new TreeMap<>();
      for (int i = 0; i < tenants; i++) {
        ApiClient.Response r = answers.get(i).get();
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        assertThat(r.json().get("status").asString()).isEqualTo("ACTIVE");
        // waiters woken by one batch are answered from one read: each with its own allocation
        assertThat(r.json().get("tenant").asString()).isEqualTo(String.format("solo-%03d", i));
        assertThat(r.header("Location"))
            .hasValueSatisfying(l -> assertThat(l).endsWith("/" + r.json().get("id").asString()));
        allocationsPerLeaf.merge(
            r.json().get("gpus").get(0).get("leaf").asString(), 1, Integer::sum);
      }
      Map<String, Integer> transactionsPerLeaf = deviceTransactionsSince(firstEvent);
      StringBuilder table = new StringBuilder("leaf     allocations  device-transactions\n");
      allocationsPerLeaf.forEach(
          (leaf, n) ->
              table.append(
                  String.format(
                      "%-8s %11d  %19d%n", leaf, n, transactionsPerLeaf.getOrDefault(leaf, 0))));
      LOG.debug("allocations and device transactions per leaf:\n{}", table);
      assertThat(allocationsPerLeaf.values().stream().mapToInt(Integer::intValue).sum())
          .isEqualTo(tenants);
      assertThat(transactionsPerLeaf.keySet()).containsAll(allocationsPerLeaf.keySet());
      for (int i = 0; i < tenants; i++) { // leave the fabric as the other tests expect it
        String tenant = String.format("solo-%03d", i);
        String id = answers.get(i).get().json().get("id").asString();
        ApiClient.Response r =
            api.delete("/api/v1/tenants/" + tenant + "/allocations/" + id + "?wait=PT60S");
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
      }
    } finally {
      clients.shutdownNow();
    }
  }

  private long lastEventId() {
    JsonNode page = api.get("/api/v1/audits/events?page=0&size=1").json();
    return page.get("items").isEmpty() ? 0 : page.get("items").get(0).get("id").asLong();
  }

  /** Confirmed device transactions per switch, from the audit trail after {@code afterId}. */
  private Map<String, Integer> deviceTransactionsSince(long afterId) {
    Map<String, Integer> out = new TreeMap<>();
    Long after = afterId;
    while (after != null) {
      JsonNode page =
          api.get("/api/v1/audits/events?action=device.apply&afterId=" + after + "&limit=500")
              .json();
      for (JsonNode e : page.get("items")) {
        if (e.get("outcome").asString().equals("SUCCESS")) {
          out.merge(e.get("target").asString(), 1, Integer::sum);
        }
      }
      after = page.get("nextAfterId").isNull() ? null : page.get("nextAfterId").asLong();
    }
    return out;
  }

  private void tenant(String name, int quota) {
    ApiClient.Response r =
        api.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", quota));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  private DeviceConfig intended(String device) {
    return tx.read(
        () -> {
          Fabric fabric = models.of(models.defined());
          return FabricCompiler.compile(snapshots.current(fabric), new SwitchName(device));
        });
  }

  private void assertRunningEqualsIntent(List<String> devices) {
    for (String d : devices) {
      assertThat(EmulatedFabrics.running(emulator.device(d), intended(d)))
          .as("%s runs the compiled intent", d)
          .isEqualTo(intended(d));
    }
  }

  private Set<String> leaves() {
    Set<String> out = new HashSet<>();
    emulator.devices().stream()
        .filter(d -> d.role().equals("LEAF"))
        .forEach(d -> out.add(d.name()));
    return out;
  }
}
