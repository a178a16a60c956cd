package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.device.EmulatorRuntime;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.device.Transport;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.kex.BuiltinDHFactories;
import org.apache.sshd.common.kex.KeyExchangeFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.ServerBuilder;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.subsystem.SubsystemFactory;

/**
 * A MINA SSHD server for one device: password auth, subsystem {@code netconf}, the fabric's shared
 * Netty event loops and scheduler, TCP_NODELAY, at most {@code maxSessions} SSH connections.
 */
public final class SshTransport implements Transport {
  /**
   * Classic key exchanges only, as a Comware 7 switch offers; MINA's default would pick the
   * post-quantum sntrup761x25519, whose pure-Java key generation costs hundreds of milliseconds per
   * session on a loaded two-core machine.
   */
  private static final List<KeyExchangeFactory> KEY_EXCHANGES =
      NamedFactory.setUpTransformedFactories(
          false,
          List.of(
              BuiltinDHFactories.curve25519,
              BuiltinDHFactories.curve25519_libssh,
              BuiltinDHFactories.ecdhp256,
              BuiltinDHFactories.ecdhp384,
              BuiltinDHFactories.ecdhp521,
              BuiltinDHFactories.dhg14_256,
              BuiltinDHFactories.dhg16_512),
          ServerBuilder.DH2KEX);

  private final SwitchDevice device;
  private final EmulatorRuntime runtime;
  private final String username;
  private final String password;
  private final int maxSessions;
  private final SessionCapLog capLog;
  private SshServer server;

  /** The listener of {@code device}, serving the device's current host key at each open. */
  public SshTransport(
      SwitchDevice device,
      EmulatorRuntime runtime,
      String username,
      String password,
      int maxSessions) {
    this.device = device;
    this.runtime = runtime;
    this.username = username;
    this.password = password;
    this.maxSessions = maxSessions;
    this.capLog = new SessionCapLog(device.name(), maxSessions);
  }

  @Override
  public synchronized int open(String host, int port) throws IOException {
    // A fixed port just released by close() may still be closing on the shared event loop.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      SshServer s = configure(host, port);
      try {
        s.start();
        server = s;
        break;
      } catch (BindException e) {
        s.stop(true);
        if (port == 0 || System.nanoTime() > deadline) {
          throw e;
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
      }
    }
    for (SocketAddress a : server.getBoundAddresses()) {
      if (a instanceof InetSocketAddress inet) {
        return inet.getPort();
      }
    }
    return server.getPort();
  }

  private SshServer configure(String host, int port) {
    SshServer s = SshServer.setUpDefaultServer();
    s.setIoServiceFactoryFactory(runtime.ioFactory());
    s.setScheduledExecutorService(runtime.scheduler(), false);
    s.setHost(host);
    s.setPort(port);
    s.setKeyPairProvider(KeyPairProvider.wrap(device.hostKey()));
    s.setKeyExchangeFactories(KEY_EXCHANGES);
    s.setPasswordAuthenticator(
        (user, pass, session) ->
            constantTimeEquals(username, user) & constantTimeEquals(password, pass));
    s.setPublickeyAuthenticator(null);
    s.setKeyboardInteractiveAuthenticator(null);
    s.setShellFactory(null);
    s.setSubsystemFactories(List.of(new NetconfFactory()));
    CoreModuleProperties.TCP_NODELAY.set(s, true);
    CoreModuleProperties.AUTH_TIMEOUT.set(s, Duration.ofSeconds(30));
    CoreModuleProperties.IDLE_TIMEOUT.set(s, Duration.ZERO);
    // MINA counts authenticated connections per user name; every client of a switch uses the one
    // configured user, so this is per switch. Checked at authentication, not at TCP accept, so
    // that connections which never log in (they time out after AUTH_TIMEOUT) cannot lock the
    // owner out. Connections that authenticate at the same instant may pass the check together;
    // the NETCONF session count in SwitchDevice.openSession is the exact cap.
    CoreModuleProperties.MAX_CONCURRENT_SESSIONS.set(s, maxSessions);
    s.setSessionDisconnectHandler(capLog);
    return s;
  }

  @Override
  public synchronized void close() {
    if (server == null) {
      return;
    }
    try {
      server.stop(true);
    } catch (IOException e) {
      throw new IllegalStateException("cannot stop the SSH server of " + device.name(), e);
    } finally {
      server = null;
    }
  }

  private static boolean constantTimeEquals(String expected, String actual) {
    if (actual == null) {
      return false;
    }
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] a = md.digest(expected.getBytes(StandardCharsets.UTF_8));
      byte[] b = md.digest(actual.getBytes(StandardCharsets.UTF_8));
      return MessageDigest.isEqual(a, b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always present", e);
    }
  }

  /** RFC 6242 §3: the {@code netconf} subsystem. */
  private final class NetconfFactory implements SubsystemFactory {
    @Override
    public String getName() {
      return "netconf";
    }

    @Override
    public Command createSubsystem(ChannelSession channel) {
      return new NetconfChannel(device, runtime.workers(), runtime.scheduler(), capLog);
    }
  }
}
