package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.Capabilities;
import io.tenantfabric.southbound.protocol.Framing;
import io.tenantfabric.southbound.protocol.Hello;
import io.tenantfabric.southbound.protocol.InvalidXmlException;
import io.tenantfabric.southbound.protocol.Messages;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfTimeoutException;
import io.tenantfabric.southbound.protocol.ProtocolViolationException;
import io.tenantfabric.southbound.protocol.RpcCorrelator;
import io.tenantfabric.southbound.protocol.RpcReplies;
import io.tenantfabric.southbound.transport.SubsystemChannel;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A NETCONF session over one SSH {@code netconf} channel: its inbound messages are decoded on the
 * SSH I/O thread and parsed on the client's workers ({@link InboundPipeline}); replies are matched
 * by message-id and every rpc, its sending included, is bounded by the rpc timeout.
 */
final class SshNetconfSession implements NetconfSession, InboundPipeline.Handler {

  private static final Logger LOG = LoggerFactory.getLogger(SshNetconfSession.class);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

  private final String device;
  private final Set<String> clientCapabilities;
  private final Duration rpcTimeout;
  private final ScheduledExecutorService timer;
  private final InboundPipeline inbound;
  private final RpcCorrelator correlator = new RpcCorrelator();
  private final int unknownReplyLimit;
  private final UnknownReplies unknownReplies;
  private final CompletableFuture<Hello> serverHello = new CompletableFuture<>();

  private volatile Framing framing = Framing.endOfMessage();
  private volatile SubsystemChannel channel;
  private volatile boolean closed;

  SshNetconfSession(
      String device, ClientOptions options, Duration rpcTimeout, SessionResources shared) {
    this.device = device;
    Set<String> caps = new LinkedHashSet<>();
    caps.add(Capabilities.BASE_1_0);
    if (options.offerBase11()) {
      caps.add(Capabilities.BASE_1_1);
    }
    this.clientCapabilities = Set.copyOf(caps);
    this.rpcTimeout = rpcTimeout;
    this.timer = shared.timer();
    this.unknownReplyLimit = options.unknownReplyLimit();
    this.unknownReplies =
        new UnknownReplies(
            options.unknownReplyLimit(), UnknownReplies.WARN_INTERVAL, System::nanoTime);
    this.inbound =
        new InboundPipeline(
            device,
            options.maxMessageSize(),
            shared.budget(),
            new OrderedLane(shared.workers()),
            this);
  }

  /** Where the transport delivers this session's bytes. */
  InboundPipeline inbound() {
    return inbound;
  }

  /** Sends our hello at once (RFC 6241 section 8.1: do not wait) and waits for the server's. */
  void start(SubsystemChannel channel, Duration helloTimeout) {
    this.channel = channel;
    inbound.attach(channel);
    channel.startReading();
    channel
        .write(Framing.endOfMessage().encode(Hello.client(clientCapabilities).toBytes()))
        .whenComplete(
            (ok, e) -> {
              if (e != null) {
                serverHello.completeExceptionally(e);
              }
            });
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

  // ---------------------------------------------------------------- inbound (parse workers)

  @Override
  public Framing onHello(byte[] message) {
    Hello hello = Hello.parseServerHello(message);
    Framing negotiated = Framing.negotiate(clientCapabilities, hello.capabilities());
    framing = negotiated;
    serverHello.complete(hello);
    return negotiated;
  }

  @Override
  public void onMessage(Element root) {
    if (!"rpc-reply".equals(root.getLocalName())) {
      LOG.debug("{}: ignored a <{}> message", device, root.getLocalName());
      return;
    }
    switch (correlator.complete(root)) {
      case MATCHED -> {}
      case LATE ->
          LOG.debug(
              "{}: dropped the late reply to message-id {} (its rpc timed out)",
              device,
              RpcReplies.messageId(root));
      case UNKNOWN -> onUnknownReply(RpcReplies.messageId(root));
    }
  }

  /** A switch that keeps answering rpcs nobody sent is broken or hostile: warn sparingly, close. */
  private void onUnknownReply(String messageId) {
    UnknownReplies.Verdict v = unknownReplies.record();
    if (v.close()) {
      NetconfException e =
          new NetconfException(
              device,
              "closing the session after " + v.count() + " rpc-replies with unknown message-ids",
              new ProtocolViolationException(
                  "rpc-reply with unknown message-id "
                      + messageId
                      + " ("
                      + v.count()
                      + " so far)"));
      LOG.warn(e.getMessage());
      fail(e);
    } else if (v.warn()) {
      LOG.warn(
          "{}: dropped an rpc-reply with unknown message-id {} ({} so far, {} not logged since"
              + " the last warning; the session is closed at {})",
          device,
          messageId,
          v.count(),
          v.skipped(),
          unknownReplyLimit);
    }
  }

  @Override
  public void onFailure(NetconfException cause) {
    fail(cause);
  }

  private void fail(NetconfException cause) {
    closed = true;
    inbound.halt();
    serverHello.completeExceptionally(cause);
    correlator.failAll(cause);
    SubsystemChannel c = channel;
    if (c != null) {
      c.close();
    }
  }

  /** Size of the largest message received so far, framing excluded (for sizing maxMessageSize). */
  long largestMessageBytes() {
    return inbound.largestMessageBytes();
  }

  // ---------------------------------------------------------------- rpcs

  private final AtomicLong rpcsSent = new AtomicLong();
  private final AtomicReference<CompletableFuture<Element>> lastSent = new AtomicReference<>();

  @Override
  public long rpcsSent() {
    return rpcsSent.get();
  }

  @Override
  public CompletableFuture<Element> rpcAsync(String operationXml) {
    String operation;
    try {
      // Parsed once to refuse malformed or DTD-bearing text; sent as given, not re-printed.
      operation = Messages.operationName(Messages.rpc(operationXml));
    } catch (InvalidXmlException | IllegalArgumentException e) {
      return CompletableFuture.failedFuture(
          new NetconfException(device, "invalid operation XML: " + e.getMessage(), e));
    }
    return send(operation, id -> Messages.encodeValidated(operationXml, id));
  }

  private CompletableFuture<Element> dispatch(Document rpc) {
    return send(Messages.operationName(rpc), id -> Messages.encode(rpc, id));
  }

  private CompletableFuture<Element> send(String operation, Function<String, byte[]> encoder) {
    if (!isOpen()) {
      return CompletableFuture.failedFuture(new NetconfException(device, "session is closed"));
    }
    rpcsSent.incrementAndGet();
    RpcCorrelator.Pending pending = correlator.register();
    String id = pending.messageId();
    String step = "rpc " + operation + " (message-id " + id + ")";
    CompletableFuture<Void> written;
    try {
      written = channel.write(framing.encode(encoder.apply(id)));
    } catch (RuntimeException e) {
      written = CompletableFuture.failedFuture(e);
    }
    written.whenComplete(
        (ok, e) -> {
          if (e != null) {
            correlator.forget(id);
            pending.reply().completeExceptionally(asNetconf(e, "cannot send " + operation));
          }
        });
    CompletableFuture<Void> sent = written;
    AtomicReference<ScheduledFuture<?>> timeout = new AtomicReference<>();
    Runnable startClock =
        () -> {
          if (!pending.reply().isDone()) {
            timeout.set(
                timer.schedule(
                    () -> onTimeout(pending, step, sent),
                    rpcTimeout.toNanos(),
                    TimeUnit.NANOSECONDS));
          }
        };
    // The switch takes rpcs one at a time, in order (RFC 6241 section 4.2): one sent behind others
    // cannot start before the one ahead of it is answered, so its clock starts there. A burst of
    // pipelined edits to a slow switch is not timed out for waiting its turn.
    CompletableFuture<Element> ahead = lastSent.getAndSet(pending.reply());
    if (ahead == null || ahead.isDone()) {
      startClock.run();
    } else {
      ahead.whenComplete((r, e) -> startClock.run());
    }
    return pending
        .reply()
        .whenComplete(
            (r, e) -> {
              ScheduledFuture<?> clock = timeout.get();
              if (clock != null) {
                clock.cancel(false);
              }
              // nothing is ahead of the next rpc any more; and the reply (a read-back can be a
              // leaf's whole config) is not kept alive by the session until its next rpc
              lastSent.compareAndSet(pending.reply(), null);
            })
        .thenApply(reply -> RpcReplies.requireSuccess(device, reply));
  }

  /**
   * The rpc timeout covers sending too: if the rpc is not even written by the end of its clock
   * (which starts when it is sent, or behind others when the one ahead of it is answered), the
   * switch has stopped reading, and the caller must not wait on it; part of the message may be out,
   * so the session cannot go on.
   */
  private void onTimeout(RpcCorrelator.Pending pending, String step, CompletableFuture<Void> sent) {
    if (!sent.isDone()) {
      NetconfTimeoutException stuck =
          new NetconfTimeoutException(device, "write of " + step, rpcTimeout);
      LOG.warn("closing the session: {}", stuck.getMessage());
      fail(stuck);
      return;
    }
    if (pending
        .reply()
        .completeExceptionally(new NetconfTimeoutException(device, step, rpcTimeout))) {
      correlator.forget(pending.messageId());
    }
  }

  @Override
  public Element rpc(String operationXml) {
    return new PendingReply(device, rpcAsync(operationXml)).await();
  }

  @Override
  public PendingReply send(Document rpc) {
    return new PendingReply(device, dispatch(rpc));
  }

  private NetconfException asNetconf(Throwable t, String what) {
    return PendingReply.asNetconf(device, t, what);
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

  String cipher() {
    return channel.cipher();
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
        dispatch(Rpcs.closeSession()).get(bound.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | TimeoutException e) {
        // The channel is closed below either way; the device releases locks when it goes.
        LOG.debug("{}: close-session did not complete: {}", device, e.toString());
      }
    }
    shut(false, "session closed");
  }

  @Override
  public void cut() {
    shut(true, "session cut");
  }

  private void shut(boolean atOnce, String why) {
    closed = true;
    inbound.halt();
    correlator.failAll(new NetconfException(device, why));
    SubsystemChannel c = channel;
    if (c != null) {
      if (atOnce) {
        c.cut();
      } else {
        c.close();
      }
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
