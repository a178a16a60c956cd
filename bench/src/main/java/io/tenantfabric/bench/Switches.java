package io.tenantfabric.bench;

import io.tenantfabric.southbound.session.Backoff;
import io.tenantfabric.southbound.session.DeviceEndpoint;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.session.SessionSettings;
import io.tenantfabric.southbound.transaction.TransactionSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The controller's kind of client to the emulated switches, from the bench process: the southbound
 * {@link NetconfClient} and a {@link SessionPool} set up as controller-app's
 * SouthboundConfiguration sets up its own (5 s per connect step, 10 s per RPC, host keys pinned
 * from the inventory, one kept session per switch), and the transaction settings of its
 * BatchRunner.
 */
final class Switches implements AutoCloseable {

  /** As BatchRunner: 30 s switch-side rollback, 3 lock attempts, no save on the latency path. */
  static final TransactionSettings TRANSACTIONS =
      new TransactionSettings(
          Duration.ofSeconds(30), 3, Duration.ofMillis(20), Duration.ofMillis(100), false);

  private final Map<String, DeviceEndpoint> endpoints;
  private final NetconfClient client = new NetconfClient();
  private final SessionPool pool;

  Switches(Path inventory) throws Exception {
    this.endpoints = Inventory.endpoints(inventory, Emulator.PASSWORD);
    Duration connect = Duration.ofSeconds(5);
    SessionSettings settings =
        SessionSettings.defaults()
            .withTimeouts(connect, connect, connect)
            .withRpcTimeout(Duration.ofSeconds(10));
    this.pool =
        new SessionPool(
            client,
            settings,
            new Backoff(Duration.ofMillis(100), Duration.ofMillis(100), 1.0, 0, 1));
  }

  /** The pooled session of {@code device}; closing it gives it back to the pool. */
  NetconfSession session(String device) {
    DeviceEndpoint endpoint = endpoints.get(device);
    if (endpoint == null) {
      throw new IllegalArgumentException("no switch " + device + " in the inventory");
    }
    return pool.session(endpoint);
  }

  @Override
  public void close() {
    pool.close();
    client.close();
  }
}
