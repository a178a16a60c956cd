package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.transport.SshConnector;
import io.tenantfabric.southbound.transport.SshTarget;
import io.tenantfabric.southbound.transport.SshTimeouts;
import io.tenantfabric.southbound.transport.SubsystemChannel;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/** Opens NETCONF sessions over SSH; one instance (one SSH client) serves every switch. */
public final class NetconfClient implements AutoCloseable {

  private final ClientOptions options;
  private final SshConnector connector;
  private final ScheduledThreadPoolExecutor timer;

  public NetconfClient() {
    this(ClientOptions.defaults());
  }

  public NetconfClient(ClientOptions options) {
    this.options = options;
    this.connector = SshConnector.start(options.ssh());
    this.timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "netconf-rpc-timeouts");
              t.setDaemon(true);
              return t;
            });
    // Most rpcs answer long before their timeout: drop cancelled timers at once.
    timer.setRemoveOnCancelPolicy(true);
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
        new SshNetconfSession(
            endpoint.name(),
            options.offerBase11(),
            options.maxMessageSize(),
            settings.rpcTimeout(),
            timer);
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
            session);
    session.start(channel, settings.subsystemTimeout());
    return session;
  }

  /** Key exchange algorithms in the order offered. */
  public java.util.List<String> keyExchanges() {
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
  }
}
