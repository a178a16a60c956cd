package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.transport.SshConnector;
import io.tenantfabric.southbound.transport.SshTarget;
import io.tenantfabric.southbound.transport.SshTimeouts;
import io.tenantfabric.southbound.transport.SubsystemChannel;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Opens NETCONF sessions over SSH; one instance (one SSH client, one set of parse workers and one
 * parse budget) serves every switch.
 */
public final class NetconfClient implements AutoCloseable {

  private final ClientOptions options;
  private final SshConnector connector;
  private final ScheduledThreadPoolExecutor timer;
  private final ThreadPoolExecutor workers;
  private final SessionResources shared;

  public NetconfClient() {
    this(ClientOptions.defaults());
  }

  public NetconfClient(ClientOptions options) {
    this.options = options;
    this.connector = SshConnector.start(options.ssh());
    this.timer = new ScheduledThreadPoolExecutor(1, daemon("netconf-rpc-timeouts"));
    // Most rpcs answer long before their timeout: drop cancelled timers at once.
    timer.setRemoveOnCancelPolicy(true);
    // Fixed threads; the queue holds at most one task per session (OrderedLane) and the bytes
    // behind those tasks are capped by the parse budget.
    this.workers =
        new ThreadPoolExecutor(
            options.parseThreads(),
            options.parseThreads(),
            0,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            daemon("netconf-parse"));
    this.shared = new SessionResources(timer, workers, new ByteBudget(options.parseBudget()));
  }

  private static ThreadFactory daemon(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * Connects (connect, auth and subsystem timeouts), exchanges hellos (bounded by the subsystem
   * timeout) and returns the open session.
   *
   * @throws io.tenantfabric.southbound.protocol.NetconfException naming the device on any failure
   */
  public NetconfSession connect(DeviceEndpoint endpoint, SessionSettings settings) {
    return open(endpoint, settings);
  }

  SshNetconfSession open(DeviceEndpoint endpoint, SessionSettings settings) {
    SshNetconfSession session =
        new SshNetconfSession(endpoint.name(), options, settings.rpcTimeout(), shared);
    SubsystemChannel channel =
        connector.open(
            new SshTarget(
                endpoint.name(),
                endpoint.host(),
                endpoint.port(),
                endpoint.username(),
                endpoint.password(),
                endpoint.hostKeySha256()),
            settings.hostKeys(),
            new SshTimeouts(
                settings.connectTimeout(),
                settings.authTimeout(),
                settings.subsystemTimeout(),
                settings.keepalive()),
            session.inbound());
    session.start(channel, settings.subsystemTimeout());
    return session;
  }

  /** The parse budget shared by this client's sessions. */
  ByteBudget parseBudget() {
    return shared.budget();
  }

  /** Key exchange algorithms in the order offered. */
  public List<String> keyExchanges() {
    return connector.keyExchanges();
  }

  /** The SSH I/O back-end, e.g. "NettyIoServiceFactory". */
  public String ioBackend() {
    return connector.ioBackend();
  }

  @Override
  public void close() {
    timer.shutdownNow();
    connector.close();
    workers.shutdownNow();
  }
}
