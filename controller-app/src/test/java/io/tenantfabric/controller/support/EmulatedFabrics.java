package io.tenantfabric.controller.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.DeviceEndpoint;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.awaitility.core.ConditionTimeoutException;
import tools.jackson.databind.JsonNode;

/**
 * An emulated H3C fabric in the test's JVM (real SSH/NETCONF servers on 127.0.0.1, ephemeral ports)
 * and the ways a provisioning test uses it: the inventory the controller is given, a fabric-wide
 * wait for the provisioner, and the running config of a switch read over NETCONF.
 */
public final class EmulatedFabrics {

  public static final String USER = "admin";
  public static final String PASSWORD = "admin-it-password";

  private EmulatedFabrics() {}

  /** The {@code preset} fabric with every switch listening, in {@code profile}. */
  public static EmulatedFabric start(String preset, Profile profile) {
    return EmulatedFabric.start(
        EmulatorOptions.builder()
            .preset(preset)
            .bind("127.0.0.1")
            .basePort(0)
            .username(USER)
            .password(PASSWORD)
            .profile(profile)
            .build());
  }

  /**
   * Starts the {@code preset} fabric, defines the controller's fabric with its inventory and waits
   * until the provisioner has brought every switch in sync (the baseline pushed).
   */
  public static EmulatedFabric onboard(ApiClient api, String preset, Profile profile) {
    EmulatedFabric emulator = start(preset, profile);
    ApiClient.Response r = api.put("/api/v1/fabric", definition(preset, emulator));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    awaitInSync(api, Duration.ofSeconds(120));
    return emulator;
  }

  /** The body of {@code PUT /api/v1/fabric} for {@code preset} with the emulator's inventory. */
  public static Map<String, Object> definition(String preset, EmulatedFabric fabric) {
    List<Map<String, Object>> devices = new ArrayList<>();
    for (EmulatedDevice d : fabric.devices()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", d.name());
      m.put("role", d.role());
      m.put("host", d.host());
      m.put("port", d.port());
      m.put("username", USER);
      m.put("password", PASSWORD);
      m.put("hostKeySha256", d.hostKeySha256());
      m.put(
          "serialNumber", d.serialNumber()); // the box is pinned, as the emulator's inventory does
      devices.add(m);
    }
    return Map.of("preset", preset, "devices", devices);
  }

  /** Waits until every managed switch is {@code IN_SYNC}; fails with the fabric as it is. */
  public static void awaitInSync(ApiClient api, Duration deadline) {
    boolean done =
        eventually(
            deadline,
            () -> {
              JsonNode f = api.get("/api/v1/fabric").json();
              for (JsonNode s : f.get("switches")) {
                String state = s.get("state").asString();
                if (!"UNMANAGED".equals(state) && !"IN_SYNC".equals(state)) {
                  return false;
                }
              }
              return true;
            });
    assertThat(done).as("every switch IN_SYNC: %s", api.get("/api/v1/fabric").body()).isTrue();
  }

  /**
   * Whether every allocation ({tenant, id}) is ACTIVE now; a FAILED one fails the test at once, as
   * no fault a failover test injects may fail an acknowledged allocation.
   */
  public static boolean allActive(ApiClient api, List<String[]> allocations) {
    for (String[] a : allocations) {
      JsonNode view = api.get("/api/v1/tenants/" + a[0] + "/allocations/" + a[1]).json();
      String status = view.get("status").asString();
      assertThat(status).as("%s", view).isNotEqualTo("FAILED");
      if (!status.equals("ACTIVE")) {
        return false;
      }
    }
    return true;
  }

  /** What {@code device} runs, read over NETCONF within the scope of {@code expected}. */
  public static DeviceConfig running(EmulatedDevice device, DeviceConfig expected) {
    DeviceEndpoint endpoint =
        new DeviceEndpoint(
            device.name(), device.host(), device.port(), USER, PASSWORD, device.hostKeySha256());
    SessionSettings settings =
        SessionSettings.defaults()
            .withTimeouts(Duration.ofSeconds(20), Duration.ofSeconds(20), Duration.ofSeconds(20))
            .withRpcTimeout(Duration.ofSeconds(20));
    try (NetconfClient client = new NetconfClient();
        NetconfSession session = client.connect(endpoint, settings)) {
      ComwareConfigReader reader =
          new ComwareConfigReader(session, EnumSet.noneOf(ComwareFeature.class));
      ParseScope scope = ParseScope.of(expected);
      IfIndexMap ifIndexes = reader.resolve(scope.allPorts());
      ComwareConfigReader.ReadBack back = reader.read(Datastore.RUNNING, scope, ifIndexes);
      assertThat(back.anomalies()).as("anomalies on %s", device.name()).isEmpty();
      return back.config();
    }
  }

  /** Polls until the condition holds or the deadline passes; never a fixed sleep. */
  public static boolean eventually(Duration deadline, BooleanSupplier condition) {
    try {
      // Callers assert on the answer themselves, and a thread dying elsewhere is theirs to judge.
      await()
          .dontCatchUncaughtExceptions()
          .atMost(deadline)
          .pollInterval(Duration.ofMillis(20))
          .until(condition::getAsBoolean);
      return true;
    } catch (ConditionTimeoutException e) {
      return false;
    }
  }
}
