package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.Capabilities;
import io.tenantfabric.southbound.protocol.FrameDecoder;
import io.tenantfabric.southbound.protocol.Framing;
import io.tenantfabric.southbound.protocol.FramingException;
import io.tenantfabric.southbound.protocol.Hello;
import io.tenantfabric.southbound.protocol.InvalidXmlException;
import io.tenantfabric.southbound.protocol.Messages;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfTimeoutException;
import io.tenantfabric.southbound.protocol.ProtocolViolationException;
import io.tenantfabric.southbound.protocol.RpcCorrelator;
import io.tenantfabric.southbound.protocol.RpcReplies;
import io.tenantfabric.southbound.transport.InboundListener;
import io.tenantfabric.southbound.transport.SubsystemChannel;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A NETCONF session over one SSH {@code netconf} channel: decodes inbound bytes on the SSH I/O
 * thread, correlates replies by message-id and bounds every rpc by the rpc timeout.
 */
final class SshNetconfSession implements NetconfSession, InboundListener {

  private static final Logger LOG = LoggerFactory.getLogger(SshNetconfSession.class);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

  private final String device;
  private final Set<String> clientCapabilities;
  private final long maxMessageSize;
  private final Duration rpcTimeout;
  private final ScheduledExecutorService timer;
  private final RpcCorrelator correlator = new RpcCorrelator();
  private final CompletableFuture<Hello> serverHello = new CompletableFuture<>();

  private FrameDecoder decoder; // touched only by the inbound thread, under 'this'
  private volatile Framing framing = Framing.endOfMessage();
  private volatile SubsystemChannel channel;
  private volatile boolean closed;

  SshNetconfSession(
      String device,
      boolean offerBase11,
      long maxMessageSize,
      Duration rpcTimeout,
      ScheduledExecutorService timer) {
    this.device = device;
    Set<String> caps = new LinkedHashSet<>();
    caps.add(Capabilities.BASE_1_0);
    if (offerBase11) {
      caps.add(Capabilities.BASE_1_1);
    }
    this.clientCapabilities = Set.copyOf(caps);
    this.maxMessageSize = maxMessageSize;
    this.rpcTimeout = rpcTimeout;
    this.timer = timer;
    this.decoder = Framing.endOfMessage().newDecoder(maxMessageSize);
  }

  /** Sends our hello at once (RFC 6241 section 8.1: do not wait) and waits for the server's. */
  void start(SubsystemChannel channel, Duration helloTimeout) {
    this.channel = channel;
    channel.write(Framing.endOfMessage().encode(Hello.client(clientCapabilities).toBytes()));
    try {
      serverHello.get(helloTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      close();
      throw new NetconfTimeoutException(device, "hello", helloTimeout, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new NetconfException(device, "interrupted while waiting for the server hello", e);
    } catch (ExecutionException e) {
      close();
      throw asNetconf(e.getCause(), "no server hello");
    }
  }

  // ---------------------------------------------------------------- inbound (SSH I/O thread)

  @Override
  public synchronized void onBytes(byte[] bytes, int offset, int length) {
    if (closed) {
      return;
    }
    ByteBuffer input = ByteBuffer.wrap(bytes, offset, length);
    try {
      byte[] message;
      while ((message = decoder.decode(input)) != null) {
        onMessage(message);
      }
    } catch (FramingException | InvalidXmlException | ProtocolViolationException e) {
      // RFC 6242 section 4.2: broken framing is fatal; an unreadable reply cannot be correlated.
      LOG.warn("{}: closing the session: {}", device, e.getMessage());
      fail(new NetconfException(device, e.getMessage(), e));
    }
  }

  private void onMessage(byte[] message) {
    if (!serverHello.isDone()) {
      Hello hello = Hello.parseServerHello(message);
      framing = Framing.negotiate(clientCapabilities, hello.capabilities());
      decoder = framing.newDecoder(maxMessageSize); // the rest of this read uses the new framing
      serverHello.complete(hello);
      return;
    }
    Element root = Messages.parse(message);
    if ("rpc-reply".equals(root.getLocalName())) {
      if (!correlator.complete(root)) {
        LOG.warn(
            "{}: dropped an rpc-reply with unknown message-id {} (timed out or never sent)",
            device,
            RpcReplies.messageId(root));
      }
    } else {
      LOG.debug("{}: ignored a <{}> message", device, root.getLocalName());
    }
  }

  @Override
  public void onClosed(Throwable cause) {
    fail(new NetconfException(device, "session closed by the peer or the transport", cause));
  }

  private void fail(NetconfException cause) {
    closed = true;
    serverHello.completeExceptionally(cause);
    correlator.failAll(cause);
    SubsystemChannel c = channel;
    if (c != null) {
      c.close();
    }
  }

  // ---------------------------------------------------------------- rpcs

  @Override
  public CompletableFuture<Element> rpcAsync(String operationXml) {
    Document rpc;
    try {
      rpc = Messages.rpc(operationXml);
    } catch (InvalidXmlException | IllegalArgumentException e) {
      return CompletableFuture.failedFuture(
          new NetconfException(device, "invalid operation XML: " + e.getMessage(), e));
    }
    return send(rpc);
  }

  private CompletableFuture<Element> send(Document rpc) {
    if (!isOpen()) {
      return CompletableFuture.failedFuture(new NetconfException(device, "session is closed"));
    }
    String operation = Messages.operationName(rpc);
    RpcCorrelator.Pending pending = correlator.register();
    String id = pending.messageId();
    ScheduledFuture<?> timeout =
        timer.schedule(
            () -> {
              if (pending
                  .reply()
                  .completeExceptionally(
                      new NetconfTimeoutException(
                          device, "rpc " + operation + " (message-id " + id + ")", rpcTimeout))) {
                correlator.forget(id);
              }
            },
            rpcTimeout.toNanos(),
            TimeUnit.NANOSECONDS);
    CompletableFuture<Element> result =
        pending
            .reply()
            .whenComplete((r, e) -> timeout.cancel(false))
            .thenApply(reply -> RpcReplies.requireSuccess(device, reply));
    try {
      channel.write(framing.encode(Messages.encode(rpc, id)));
    } catch (RuntimeException e) {
      correlator.forget(id);
      pending.reply().completeExceptionally(asNetconf(e, "cannot send " + operation));
    }
    return result;
  }

  @Override
  public Element rpc(String operationXml) {
    return await(rpcAsync(operationXml));
  }

  private Element call(RpcBuilder rpc) {
    return await(send(rpc.document()));
  }

  private Element await(CompletableFuture<Element> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NetconfException(device, "interrupted while waiting for a reply", e);
    } catch (ExecutionException e) {
      throw asNetconf(e.getCause(), "rpc failed");
    }
  }

  private NetconfException asNetconf(Throwable t, String what) {
    Throwable cause = t;
    while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof NetconfException ne) {
      return ne;
    }
    return new NetconfException(device, what + ": " + cause, cause);
  }

  // ---------------------------------------------------------------- typed operations

  @Override
  public Element get(String filterXml) {
    RpcBuilder b = RpcBuilder.operation("get");
    subtreeFilter(b, filterXml);
    return RpcReplies.data(device, call(b));
  }

  @Override
  public Element getConfig(Datastore source, String filterXml) {
    RpcBuilder b = RpcBuilder.operation("get-config");
    b.datastore(b.operation(), "source", source);
    subtreeFilter(b, filterXml);
    return RpcReplies.data(device, call(b));
  }

  private static void subtreeFilter(RpcBuilder b, String filterXml) {
    if (filterXml != null) {
      b.fragment(b.operation(), "filter", filterXml, "type", "subtree");
    }
  }

  @Override
  public void editConfig(Datastore target, String configContentXml, EditConfigOptions options) {
    RpcBuilder b = RpcBuilder.operation("edit-config");
    Element op = b.operation();
    b.datastore(op, "target", target);
    EditConfigOptions o = options == null ? EditConfigOptions.defaults() : options;
    // RFC 6241 section 7.2 order: target, default-operation, test-option, error-option, config.
    if (o.defaultOperation() != null) {
      b.add(op, "default-operation", o.defaultOperation().xml());
    }
    if (o.testOption() != null) {
      b.add(op, "test-option", o.testOption().xml());
    }
    if (o.errorOption() != null) {
      b.add(op, "error-option", o.errorOption().xml());
    }
    b.fragment(op, "config", configContentXml);
    call(b);
  }

  @Override
  public void lock(Datastore datastore) {
    RpcBuilder b = RpcBuilder.operation("lock");
    b.datastore(b.operation(), "target", datastore);
    call(b);
  }

  @Override
  public void unlock(Datastore datastore) {
    RpcBuilder b = RpcBuilder.operation("unlock");
    b.datastore(b.operation(), "target", datastore);
    call(b);
  }

  @Override
  public void validate(Datastore source) {
    RpcBuilder b = RpcBuilder.operation("validate");
    b.datastore(b.operation(), "source", source);
    call(b);
  }

  @Override
  public void commit() {
    call(RpcBuilder.operation("commit"));
  }

  @Override
  public void commitConfirmed(Duration timeout, String persist) {
    if (persist != null && persist.isBlank()) {
      throw new IllegalArgumentException("persist token must not be blank");
    }
    RpcBuilder b = RpcBuilder.operation("commit");
    b.add(b.operation(), "confirmed");
    b.add(b.operation(), "confirm-timeout", Long.toString(seconds(timeout, 1, 4294967295L)));
    if (persist != null) {
      b.add(b.operation(), "persist", persist);
    }
    call(b);
  }

  @Override
  public void confirmCommit(String persistId) {
    RpcBuilder b = RpcBuilder.operation("commit");
    if (persistId != null) {
      b.add(b.operation(), "persist-id", persistId);
    }
    call(b);
  }

  @Override
  public void cancelCommit(String persistId) {
    RpcBuilder b = RpcBuilder.operation("cancel-commit");
    if (persistId != null) {
      b.add(b.operation(), "persist-id", persistId);
    }
    call(b);
  }

  @Override
  public void discardChanges() {
    call(RpcBuilder.operation("discard-changes"));
  }

  @Override
  public int savePointBegin(Duration confirmTimeout) {
    RpcBuilder b = RpcBuilder.operation("save-point");
    Element begin = b.add(b.operation(), "begin");
    // comware-netconf.md 2.6: confirm-timeout is 1..65535 s.
    b.add(begin, "confirm-timeout", Long.toString(seconds(confirmTimeout, 1, 65535)));
    Integer id = commitId(call(b));
    return id == null ? 0 : id;
  }

  @Override
  public int savePointCommit(String label) {
    RpcBuilder b = RpcBuilder.operation("save-point");
    Element commit = b.add(b.operation(), "commit");
    if (label != null) {
      b.add(commit, "label", label);
    }
    Integer id = commitId(call(b));
    if (id == null) {
      throw new NetconfException(device, "save-point commit reply carries no commit-id");
    }
    return id;
  }

  @Override
  public void savePointRollback(Integer commitId) {
    RpcBuilder b = RpcBuilder.operation("save-point");
    Element rollback = b.add(b.operation(), "rollback");
    if (commitId != null) {
      b.add(rollback, "commit-id", Integer.toString(commitId));
    }
    call(b);
  }

  @Override
  public void savePointEnd() {
    RpcBuilder b = RpcBuilder.operation("save-point");
    b.add(b.operation(), "end");
    call(b);
  }

  @Override
  public void save(String file) {
    RpcBuilder b = RpcBuilder.operation("save");
    if (file != null) {
      b.add(b.operation(), "file", file);
    }
    call(b);
  }

  @Override
  public String cliConfiguration(List<String> lines) {
    RpcBuilder b = RpcBuilder.operation("CLI");
    b.add(b.operation(), "Configuration", String.join("\n", lines));
    return cliText(call(b), "Configuration");
  }

  @Override
  public String cliExecution(String command) {
    RpcBuilder b = RpcBuilder.operation("CLI");
    b.add(b.operation(), "Execution", command);
    return cliText(call(b), "Execution");
  }

  private String cliText(Element reply, String element) {
    NodeList found = reply.getElementsByTagNameNS("*", element);
    if (found.getLength() == 0) {
      throw new NetconfException(device, "CLI reply carries no <" + element + "> text");
    }
    return found.item(0).getTextContent();
  }

  @Override
  public void killSession(String sessionId) {
    RpcBuilder b = RpcBuilder.operation("kill-session");
    b.add(b.operation(), "session-id", sessionId);
    call(b);
  }

  private Integer commitId(Element reply) {
    for (String name : new String[] {"commit-id", "CommitID"}) {
      NodeList ids = reply.getElementsByTagNameNS("*", name);
      if (ids.getLength() > 0) {
        String text = ids.item(0).getTextContent().strip();
        try {
          return Integer.valueOf(text);
        } catch (NumberFormatException e) {
          throw new NetconfException(device, "commit-id is not a number: " + text, e);
        }
      }
    }
    return null;
  }

  private static long seconds(Duration d, long min, long max) {
    long s = d.toSeconds();
    if (s < min || s > max) {
      throw new IllegalArgumentException("timeout must be " + min + ".." + max + " s, got " + d);
    }
    return s;
  }

  // ---------------------------------------------------------------- session facts and close

  @Override
  public String device() {
    return device;
  }

  @Override
  public String sessionId() {
    return serverHello.join().sessionId().orElseThrow();
  }

  @Override
  public Set<String> serverCapabilities() {
    return serverHello.join().capabilities();
  }

  @Override
  public boolean hasCapability(String uriPrefix) {
    return serverHello.join().has(uriPrefix);
  }

  /** The framing in use after the hello exchange. */
  Framing framing() {
    return framing;
  }

  /** TCP_NODELAY as the socket reports it. */
  boolean tcpNoDelay() {
    return channel.tcpNoDelay();
  }

  @Override
  public boolean isOpen() {
    SubsystemChannel c = channel;
    return !closed && c != null && c.isOpen();
  }

  @Override
  public void close() {
    if (isOpen() && serverHello.isDone() && !serverHello.isCompletedExceptionally()) {
      Duration bound = rpcTimeout.compareTo(CLOSE_WAIT) < 0 ? rpcTimeout : CLOSE_WAIT;
      try {
        send(RpcBuilder.operation("close-session").document())
            .get(bound.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | TimeoutException e) {
        // The channel is closed below either way; the device releases locks when it goes.
        LOG.debug("{}: close-session did not complete: {}", device, e.toString());
      }
    }
    closed = true;
    correlator.failAll(new NetconfException(device, "session closed"));
    SubsystemChannel c = channel;
    if (c != null) {
      c.close();
    }
  }

  @Override
  public String toString() {
    return "NetconfSession["
        + device
        + " #"
        + (serverHello.isDone() ? sessionIdOrNone() : "?")
        + "]";
  }

  private String sessionIdOrNone() {
    return serverHello.isCompletedExceptionally() ? "-" : sessionId();
  }
}
