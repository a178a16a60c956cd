package io.tenantfabric.southbound.transport;

import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfTimeoutException;
import java.io.IOException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.channel.ClientChannel;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.future.AuthFuture;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.client.session.ClientUserAuthServiceFactory;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.future.WaitableFuture;
import org.apache.sshd.common.kex.KeyExchangeFactory;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.core.CoreModuleProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One shared MINA SSHD client (Netty I/O when sshd-netty is on the classpath) that opens {@code
 * netconf} subsystem channels, each step bounded by its own timeout. It reaches exactly the host,
 * port and user it is given and offers only the password and key pairs it is given: nothing of the
 * service account's {@code ~/.ssh}.
 */
public final class SshConnector implements AutoCloseable {

  /** RFC 6242 section 3: the SSH subsystem name. */
  public static final String SUBSYSTEM = "netconf";

  private static final Logger LOG = LoggerFactory.getLogger(SshConnector.class);

  private final SshClient client;
  private final SshClientOptions options;

  private SshConnector(SshClient client, SshClientOptions options) {
    this.client = client;
    this.options = options;
  }

  /** Starts the shared client. */
  public static SshConnector start(SshClientOptions options) {
    SshClient client = SshClient.setUpDefaultClient();
    // MINA's defaults read ~/.ssh/config (HostName, Port, User, ProxyJump, IdentityFile) and offer
    // ~/.ssh/id_* to every server: the inventory alone says where a switch is and how to log in.
    client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
    client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
    client.setKeyExchangeFactories(preferred(PREFERRED_KEX, client.getKeyExchangeFactories()));
    client.setCipherFactories(preferred(PREFERRED_CIPHERS, client.getCipherFactories()));
    client.setServerKeyVerifier(new PolicyServerKeyVerifier());
    client.setServiceFactories(
        List.of(ClientUserAuthServiceFactory.INSTANCE, new KeepaliveConnectionServiceFactory()));
    // Used by MINA's own NIO2 connector; the Netty path is handled by TcpNoDelay after connect.
    CoreModuleProperties.TCP_NODELAY.set(client, options.tcpNoDelay());
    client.start();
    LOG.debug("SSH client started on {}", client.getIoServiceFactory().getClass().getSimpleName());
    return new SshConnector(client, options);
  }

  /**
   * Key exchanges tried first. With BouncyCastle present MINA puts sntrup761x25519 first, whose
   * pure-Java key generation is expensive in CPU on every session; ML-KEM-768 hybrid is as
   * post-quantum and far cheaper (NetconfBench measures session setup). The rest stays as fallback.
   */
  static final List<String> PREFERRED_KEX =
      List.of("mlkem768x25519-sha256", "curve25519-sha256", "curve25519-sha256@libssh.org");

  /**
   * Ciphers tried first. MINA offers chacha20-poly1305 first, which it computes in pure Java, at a
   * visible share of both ends' CPU when a change goes to many switches. AES-GCM runs on the JDK's
   * AES-NI and carry-less multiply intrinsics, and Comware 7 offers it too. The rest stays as
   * fallback, in MINA's order, for a switch that has neither.
   */
  static final List<String> PREFERRED_CIPHERS =
      List.of("aes128-gcm@openssh.com", "aes256-gcm@openssh.com");

  /** {@code defaults} with those named in {@code first} moved to the front, in that order. */
  static <T extends NamedResource> List<T> preferred(List<String> first, List<T> defaults) {
    List<T> ordered = new ArrayList<>();
    for (String name : first) {
      for (T f : defaults) {
        if (f.getName().equals(name)) {
          ordered.add(f);
        }
      }
    }
    for (T f : defaults) {
      if (!ordered.contains(f)) {
        ordered.add(f);
      }
    }
    return ordered;
  }

  /** The key exchange names in the order this client offers them. */
  public List<String> keyExchanges() {
    return client.getKeyExchangeFactories().stream().map(KeyExchangeFactory::getName).toList();
  }

  /** The cipher names in the order this client offers them. */
  public List<String> ciphers() {
    return client.getCipherFactories().stream().map(NamedResource::getName).toList();
  }

  /** The I/O back-end in use, e.g. "NettyIoServiceFactory". */
  public String ioBackend() {
    return client.getIoServiceFactory().getClass().getSimpleName();
  }

  /**
   * Connects, authenticates (password, then the configured key pairs), applies TCP_NODELAY and the
   * heartbeat, and opens the {@code netconf} subsystem whose bytes go to {@code inbound} once the
   * caller calls {@link SubsystemChannel#startReading()}.
   */
  public SubsystemChannel open(
      SshTarget target, HostKeyPolicy policy, SshTimeouts timeouts, InboundListener inbound) {
    AtomicReference<String> rejection = new AtomicReference<>();
    AttributeRepository context =
        AttributeRepository.ofAttributesMap(
            Map.of(
                PolicyServerKeyVerifier.CHECK,
                new PolicyServerKeyVerifier.Check(target, policy, rejection),
                KeepaliveConnectionServiceFactory.KEEPALIVE,
                timeouts.keepalive()));
    ClientSession session = connect(target, timeouts.connect(), context);
    try {
      authenticate(session, target, timeouts.auth(), rejection);
      boolean noDelay = TcpNoDelay.apply(session.getIoSession(), options.tcpNoDelay());
      ChannelSubsystem channel = openSubsystem(session, target, timeouts.subsystem(), inbound);
      return new SubsystemChannel(target.device(), session, channel, inbound, noDelay);
    } catch (RuntimeException e) {
      session.close(true);
      throw e;
    }
  }

  private ClientSession connect(SshTarget target, Duration timeout, AttributeRepository context) {
    ConnectFuture future;
    try {
      future = client.connect(target.username(), target.host(), target.port(), context, null);
    } catch (IOException e) {
      throw new NetconfException(target.device(), "cannot connect to " + target.address(), e);
    }
    if (!await(future, timeout)) {
      future.cancel();
      throw new NetconfTimeoutException(target.device(), "connect to " + target.address(), timeout);
    }
    if (future.getException() != null) {
      throw new NetconfException(
          target.device(),
          "cannot connect to " + target.address() + ": " + future.getException().getMessage(),
          future.getException());
    }
    return future.getSession();
  }

  private void authenticate(
      ClientSession session,
      SshTarget target,
      Duration timeout,
      AtomicReference<String> rejection) {
    if (target.password() != null) {
      session.addPasswordIdentity(target.password());
    }
    for (KeyPair identity : options.identities()) {
      session.addPublicKeyIdentity(identity);
    }
    AuthFuture auth;
    try {
      auth = session.auth();
    } catch (IOException e) {
      throw failure(target, rejection, "authentication failed", e);
    }
    if (!await(auth, timeout)) {
      if (rejection.get() != null) {
        throw new HostKeyRejectedException(target.device(), rejection.get());
      }
      auth.cancel();
      throw new NetconfTimeoutException(target.device(), "auth", timeout);
    }
    if (!auth.isSuccess()) {
      Throwable cause = auth.getException();
      if (rejection.get() == null && !credentialsRefused(cause)) {
        // e.g. the switch went away mid-handshake: a transport failure the pool may retry
        throw new NetconfException(
            target.device(),
            "connection lost during authentication: " + (cause == null ? "" : cause.getMessage()),
            cause);
      }
      throw failure(target, rejection, "authentication failed", cause);
    }
  }

  /** MINA's wording once the server has refused every method the client offered. */
  private static boolean credentialsRefused(Throwable cause) {
    return cause != null
        && String.valueOf(cause.getMessage()).contains("No more authentication methods available");
  }

  private static NetconfException failure(
      SshTarget target, AtomicReference<String> rejection, String what, Throwable cause) {
    if (rejection.get() != null) {
      return new HostKeyRejectedException(target.device(), rejection.get());
    }
    String detail = cause == null ? "" : ": " + cause.getMessage();
    return new SshAuthenticationException(
        target.device(), what + " as " + target.username() + detail, cause);
  }

  private ChannelSubsystem openSubsystem(
      ClientSession session, SshTarget target, Duration timeout, InboundListener inbound) {
    try {
      ChannelSubsystem channel = session.createSubsystemChannel(SUBSYSTEM);
      // Async streams: reads only release SSH window when the listener takes the bytes (so it can
      // push back on one switch), and writes never block the caller on a switch that stops reading.
      channel.setStreaming(ClientChannel.Streaming.Async);
      OpenFuture open = channel.open();
      if (!await(open, timeout)) {
        open.cancel();
        throw new NetconfTimeoutException(target.device(), "subsystem netconf", timeout);
      }
      if (!open.isOpened()) {
        throw new NetconfException(
            target.device(), "the server refused the netconf subsystem", open.getException());
      }
      channel.addCloseFutureListener(f -> inbound.onClosed(null));
      session.addCloseFutureListener(f -> inbound.onClosed(null));
      return channel;
    } catch (IOException e) {
      throw new NetconfException(target.device(), "cannot open the netconf subsystem", e);
    }
  }

  private static boolean await(WaitableFuture future, Duration d) {
    try {
      return future.await(d);
    } catch (IOException e) {
      // await only throws when the waiting thread is interrupted
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for SSH", e);
    }
  }

  @Override
  public void close() {
    try {
      client.stop();
    } finally {
      try {
        client.close();
      } catch (IOException e) {
        LOG.warn("closing the SSH client failed: {}", e.toString());
      }
    }
  }
}
