package io.tenantfabric.southbound.testing;

import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.session.DeviceEndpoint;
import io.tenantfabric.southbound.session.SessionSettings;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Starts the in-process emulator on ephemeral ports and turns its devices into endpoints; shared by
 * the session and transaction ITs.
 */
public final class EmulatorSupport {

  private EmulatorSupport() {}

  public static EmulatedFabric startMini(Profile profile) {
    return EmulatedFabric.start(
        EmulatorOptions.builder()
            .preset("emulator-mini")
            .bind("127.0.0.1")
            .basePort(0)
            .username("admin")
            .password("admin")
            .profile(profile)
            .build());
  }

  public static DeviceEndpoint endpoint(EmulatedDevice d) {
    return new DeviceEndpoint(d.name(), d.host(), d.port(), "admin", "admin", d.hostKeySha256());
  }

  public static EmulatedDevice firstLeaf(EmulatedFabric fabric) {
    return fabric.devices().stream().filter(d -> d.role().equals("LEAF")).findFirst().orElseThrow();
  }

  /** Generous bounds: two shared cores and parallel builds make a cold first handshake slow. */
  public static SessionSettings settings() {
    return SessionSettings.defaults()
        .withTimeouts(Duration.ofSeconds(20), Duration.ofSeconds(20), Duration.ofSeconds(20))
        .withRpcTimeout(Duration.ofSeconds(20));
  }

  /** Polls until the condition holds or the deadline passes; never sleeps a fixed time. */
  public static boolean eventually(Duration deadline, BooleanSupplier condition) {
    try {
      // Callers assert on the answer themselves, and a thread dying elsewhere is theirs to judge.
      await()
          .dontCatchUncaughtExceptions()
          .atMost(deadline)
          .pollInterval(Duration.ofMillis(5))
          .until(condition::getAsBoolean);
      return true;
    } catch (ConditionTimeoutException e) {
      return false;
    }
  }
}
