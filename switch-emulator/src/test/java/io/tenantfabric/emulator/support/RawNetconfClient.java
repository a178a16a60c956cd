package io.tenantfabric.emulator.support;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.framing.FrameDecoder;
import io.tenantfabric.emulator.framing.FrameMode;
import io.tenantfabric.emulator.framing.Frames;
import io.tenantfabric.emulator.framing.MalformedFrameException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.security.PublicKey;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;

/**
 * A deliberately small NETCONF client for the emulator's tests: SSH subsystem, hello, raw rpc
 * strings in and raw reply strings out; host key pinned to the device's fingerprint.
 */
public final class RawNetconfClient implements AutoCloseable {
  private static final String BASE_10 = "urn:ietf:params:netconf:base:1.0";
  private static final String BASE_11 = "urn:ietf:params:netconf:base:1.1";
  private static final Duration TIMEOUT = Duration.ofSeconds(20);

  private final SshClient client;
  private final boolean ownsClient;
  private final ClientSession session;
  private final ChannelSubsystem channel;
  private final OutputStream out;
  private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
  private final AtomicInteger ids = new AtomicInteger(100);
  private final FrameDecoder decoder = new FrameDecoder(64 * 1024 * 1024, messages::add);
  private final Thread reader;
  private volatile FrameMode mode = FrameMode.END_OF_MESSAGE;
  private volatile Throwable readFailure;
  private final String serverHello;

  private RawNetconfClient(
      SshClient shared, EmulatedDevice d, String user, String password, boolean offer11)
      throws IOException, InterruptedException {
    ownsClient = shared == null;
    client = shared == null ? newSharedClient() : shared;
    EXPECTED_KEYS.put(d.port(), d.hostKeySha256());
    session = client.connect(user, d.host(), d.port()).verify(TIMEOUT).getSession();
    session.addPasswordIdentity(password);
    session.auth().verify(TIMEOUT);
    channel = session.createSubsystemChannel("netconf");
    channel.open().verify(TIMEOUT);
    out = channel.getInvertedIn();
    InputStream in = channel.getInvertedOut();
    reader = new Thread(() -> pump(in), "raw-netconf-reader");
    reader.setDaemon(true);
    reader.start();
    String hello =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
            + "<capabilities><capability>"
            + BASE_10
            + "</capability>"
            + (offer11 ? "<capability>" + BASE_11 + "</capability>" : "")
            + "</capabilities></hello>";
    sendRaw(Frames.encode(hello, FrameMode.END_OF_MESSAGE));
    serverHello = next();
    if (offer11 && serverHello.contains(BASE_11)) {
      mode = FrameMode.CHUNKED;
      decoder.mode(FrameMode.CHUNKED);
    }
  }

  /** Pinned host keys by port (every emulated switch listens on its own port). */
  private static final Map<Integer, String> EXPECTED_KEYS = new ConcurrentHashMap<>();

  /** A started SSH client that accepts only the pinned fingerprint of the port it connects to. */
  public static SshClient newSharedClient() {
    SshClient c = SshClient.setUpDefaultClient();
    c.setServerKeyVerifier(
        (s, addr, key) ->
            addr instanceof InetSocketAddress inet
                && KeyUtils.getFingerPrint(BuiltinDigests.sha256, (PublicKey) key)
                    .equals(EXPECTED_KEYS.get(inet.getPort())));
    c.start();
    return c;
  }

  /** Connects with the fabric's credentials, offering base:1.0 and base:1.1. */
  public static RawNetconfClient connect(EmulatedDevice d)
      throws IOException, InterruptedException {
    return new RawNetconfClient(null, d, "admin", "admin", true);
  }

  /** Connects through a caller-owned, started SSH client (left running on close). */
  public static RawNetconfClient connect(SshClient shared, EmulatedDevice d)
      throws IOException, InterruptedException {
    return new RawNetconfClient(shared, d, "admin", "admin", true);
  }

  /** Connects with explicit credentials and framing offer. */
  public static RawNetconfClient connect(
      EmulatedDevice d, String user, String password, boolean offer11)
      throws IOException, InterruptedException {
    return new RawNetconfClient(null, d, user, password, offer11);
  }

  private void pump(InputStream in) {
    byte[] buf = new byte[8192];
    try {
      int n;
      while ((n = in.read(buf)) >= 0) {
        decoder.feed(buf, 0, n);
      }
    } catch (IOException | MalformedFrameException | RuntimeException e) {
      readFailure = e;
    }
  }

  public String serverHello() {
    return serverHello;
  }

  public FrameMode mode() {
    return mode;
  }

  /** The session-id from the server hello. */
  public int sessionId() {
    String h = serverHello;
    int a = h.indexOf("<session-id>") + "<session-id>".length();
    return Integer.parseInt(h.substring(a, h.indexOf("</session-id>")).trim());
  }

  /** Sends {@code <rpc message-id=N>op</rpc>} and returns the raw reply. */
  public String rpc(String operationXml) throws IOException, InterruptedException {
    int id = ids.incrementAndGet();
    send(
        "<rpc message-id=\""
            + id
            + "\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
            + operationXml
            + "</rpc>");
    String reply = next();
    if (!reply.contains("message-id=\"" + id + "\"")) {
      throw new IllegalStateException("reply for another message: " + reply);
    }
    return reply;
  }

  /** Bytes this client may still send before the server adjusts the SSH window (RFC 4254 §5.2). */
  public long remoteWindowSize() {
    return channel.getRemoteWindow().getSize();
  }

  /** Sends one message in the negotiated framing. */
  public void send(String message) throws IOException {
    sendRaw(Frames.encode(message, mode));
  }

  /** Sends bytes as they are (for framing tests). */
  public void sendRaw(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  /** The next message from the server, or an exception after the timeout. */
  public String next() throws InterruptedException {
    String m = messages.poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    if (m == null) {
      throw new IllegalStateException("no message within " + TIMEOUT, readFailure);
    }
    return m;
  }

  /** True once the server closed the channel (polls until the deadline). */
  public boolean awaitClosed(Duration within) throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      if (channel.isClosed() || !session.isOpen()) {
        return true;
      }
      reader.join(50);
      if (!reader.isAlive()) {
        return true;
      }
    }
    return false;
  }

  /** Closes the TCP connection abruptly, as a killed client would. */
  public void kill() throws IOException {
    session.close(true);
    if (ownsClient) {
      client.stop();
    }
  }

  @Override
  public void close() throws IOException {
    try {
      channel.close(false);
      session.close(false);
    } finally {
      if (ownsClient) {
        client.stop();
      }
    }
  }
}
