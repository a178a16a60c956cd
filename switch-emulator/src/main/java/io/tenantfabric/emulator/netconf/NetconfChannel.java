package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.device.DeviceSession;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.device.TooManySessionsException;
import io.tenantfabric.emulator.framing.FrameDecoder;
import io.tenantfabric.emulator.framing.FrameMode;
import io.tenantfabric.emulator.framing.Frames;
import io.tenantfabric.emulator.framing.MalformedFrameException;
import io.tenantfabric.emulator.xml.XmlBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelDataReceiver;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;

/**
 * One NETCONF session on an SSH channel: bytes arrive on the I/O thread through a data receiver (no
 * reader thread) and are only decoded there; the hello and every RPC are parsed and run one at a
 * time on the shared worker pool; replies go out in the framing chosen by the hellos (RFC 6242
 * §4.1). Input is flow-controlled through the SSH window ({@link InputBudget}).
 */
final class NetconfChannel implements Command, ChannelDataReceiver {
  private static final Logger LOG = LoggerFactory.getLogger(NetconfChannel.class);

  /**
   * Bigger messages are malformed (RFC 6242 leaves the limit to the implementation). A leaf's whole
   * configuration is far smaller, so the bound costs no real message and caps what one can cost.
   */
  static final int MAX_MESSAGE = 8 * 1024 * 1024;

  /** Decoded messages waiting for the worker, beyond which the SSH window stays shut. */
  static final long QUEUE_BOUND = 2L * MAX_MESSAGE;

  /** A client that has not sent its hello within this time is disconnected. */
  static final Duration HELLO_TIMEOUT = Duration.ofSeconds(60);

  private final SwitchDevice device;
  private final ScheduledExecutorService timers;
  private final SessionCapLog capLog;
  private final SerialQueue queue;
  private final InputBudget budget = new InputBudget(QUEUE_BOUND);
  private final FrameDecoder decoder = new FrameDecoder(MAX_MESSAGE, this::onMessage);
  // Guards the decoder, helloPending and held: data() on the I/O thread, onHello on a worker.
  private final Object input = new Object();
  private boolean helloPending;
  private ByteArrayOutputStream held = new ByteArrayOutputStream(0);
  private volatile FrameMode outMode = FrameMode.END_OF_MESSAGE;
  private volatile boolean helloReceived;
  private volatile boolean closed;
  private OutputStream out;
  private ExitCallback exit;
  private ChannelSession channel;
  private DeviceSession session;

  NetconfChannel(
      SwitchDevice device,
      Executor workers,
      ScheduledExecutorService timers,
      SessionCapLog capLog) {
    this.device = device;
    this.timers = timers;
    this.capLog = capLog;
    this.queue = new SerialQueue(device.name(), workers, e -> drop());
  }

  @Override
  public void setInputStream(InputStream in) {
    // Input arrives through data(..) once start() installed this object as the data receiver.
  }

  @Override
  public void setOutputStream(OutputStream out) {
    this.out = out;
  }

  @Override
  public void setErrorStream(OutputStream err) {
    // NETCONF does not use stderr.
  }

  @Override
  public void setExitCallback(ExitCallback callback) {
    this.exit = callback;
  }

  @Override
  public void start(ChannelSession channel, Environment env) {
    this.channel = channel;
    channel.setDataReceiver(this);
    String user = channel.getSession().getUsername();
    try {
      session = device.openSession(user, this::drop);
    } catch (TooManySessionsException e) {
      // NETCONF has no error before the hello: the channel closes without one.
      capLog.refused("a NETCONF session from " + channel.getSession().getRemoteAddress());
      closed = true;
      queue.submit(this::closeGracefully);
      return;
    }
    String hello = hello();
    queue.submit(() -> write(Frames.encode(hello, FrameMode.END_OF_MESSAGE)));
    timers.schedule(
        () -> {
          if (!helloReceived && !closed) {
            LOG.debug("{}: no hello within {}", device.name(), HELLO_TIMEOUT);
            drop();
          }
        },
        HELLO_TIMEOUT.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  private String hello() {
    XmlBuilder x =
        new XmlBuilder().start("hello").attr("xmlns", Namespaces.BASE).start("capabilities");
    for (String c : Capabilities.of(device.profile(), device.advertiseBase11())) {
      x.leaf("capability", c);
    }
    x.end().leaf("session-id", Integer.toString(session.id())).end();
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + x;
  }

  /** Returns the bytes the SSH window may take back now; the rest are released later. */
  @Override
  public int data(ChannelSession ch, byte[] buf, int start, int len) {
    if (closed) {
      return len;
    }
    int decoded;
    synchronized (input) {
      if (helloPending) {
        // Their framing depends on the hello, which a worker is still parsing.
        held.write(buf, start, len);
        return 0;
      }
      decoded = feed(buf, start, len);
      if (decoded < len) {
        held.write(buf, start + decoded, len - decoded);
      }
    }
    return (int) budget.received(decoded);
  }

  /** Decodes under the input lock; returns the bytes decoded (fewer when the hello paused it). */
  private int feed(byte[] buf, int start, int len) {
    try {
      return decoder.feed(buf, start, len);
    } catch (MalformedFrameException e) {
      LOG.debug("{}: malformed framing: {}", device.name(), e.getMessage());
      closed = true; // later bytes are not decoded (nor answered) again
      String reply =
          Replies.reply(
              Map.of(),
              Replies.errors(List.of(NetconfError.rpc("malformed-message", e.getMessage()))));
      queue.submit(
          () -> {
            write(Frames.encode(reply, outMode));
            closeGracefully();
          });
      return len;
    }
  }

  /** Called under the input lock for every complete message, before later bytes are decoded. */
  private void onMessage(String text) {
    if (!helloReceived) {
      // The hello is parsed on a worker, not on the shared I/O thread; until it is, the bytes
      // after it wait undecoded, because the hello decides their framing.
      helloPending = true;
      decoder.pause();
      queue.submit(() -> onHello(text));
      return;
    }
    long size = text.length();
    budget.queued(size);
    queue.submit(
        () -> {
          try {
            handleRpc(text);
          } finally {
            release(budget.handled(size));
          }
        });
  }

  private void onHello(String text) {
    ClientHello hello;
    try {
      hello = ClientHello.parse(text, device.advertiseBase11());
    } catch (ClientHello.BadHelloException e) {
      // RFC 6241 §8.1: a bad hello ends the session.
      LOG.debug("{}: bad hello: {}", device.name(), e.getMessage());
      closed = true;
      closeGracefully();
      return;
    }
    byte[] rest;
    synchronized (input) {
      helloReceived = true;
      if (hello.chunked()) {
        decoder.mode(FrameMode.CHUNKED);
        outMode = FrameMode.CHUNKED;
      }
      helloPending = false;
      decoder.resume();
      rest = held.toByteArray();
      held = new ByteArrayOutputStream(0);
      if (rest.length > 0) {
        feed(rest, 0, rest.length);
      }
    }
    release(budget.received(rest.length));
  }

  /** Gives {@code bytes} back to the client's window (SSH_MSG_CHANNEL_WINDOW_ADJUST). */
  private void release(long bytes) {
    if (bytes <= 0 || closed) {
      return;
    }
    try {
      channel.getLocalWindow().release(bytes);
    } catch (IOException e) {
      LOG.debug("{}: window adjust failed, closing: {}", device.name(), e.getMessage());
      drop();
    }
  }

  private void handleRpc(String text) {
    session.touch();
    long delay = device.nextDelayMs();
    if (delay > 0) {
      // --delay-ms and the DELAY fault stand in for a real switch's processing time: this
      // session's RPCs run in order on a worker of the elastic pool, so only this session waits.
      try {
        Thread.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    Map<String, String> attrs = new LinkedHashMap<>();
    String body;
    boolean closeAfter = false;
    try {
      Element op = RpcEnvelope.operation(text, attrs);
      String path = "/rpc/" + op.getLocalName() + "[1]";
      body = RpcDispatcher.dispatch(new RpcCall(device, session, op, path));
      closeAfter = "close-session".equals(op.getLocalName()) && Args.isBase(op);
    } catch (RpcException e) {
      noteRefusal(e);
      body = Replies.errors(e.errors());
    } catch (EditConfigHandler.DropSession e) {
      drop();
      return;
    } catch (RuntimeException e) {
      LOG.warn("{}: rpc failed unexpectedly", device.name(), e);
      body =
          Replies.errors(
              List.of(NetconfError.application("operation-failed", "Internal error: " + e)));
    }
    session.touch();
    write(Frames.encode(Replies.reply(attrs, body), outMode));
    if (closeAfter) {
      closeGracefully();
    }
  }

  private void noteRefusal(RpcException e) {
    for (NetconfError err : e.errors()) {
      String bad = err.info().get("bad-element");
      if ("unknown-element".equals(err.tag())
          && ("L2VPN".equals(bad) || "VXLAN".equals(bad))
          && device.refusedModules().contains(bad)) {
        device.consumeRefusal();
        return;
      }
    }
  }

  private void write(byte[] bytes) {
    if (closed && bytes.length > 0 && !channel.isOpen()) {
      return;
    }
    try {
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      LOG.debug("{}: write failed, closing: {}", device.name(), e.getMessage());
      drop();
    }
  }

  private void closeGracefully() {
    closed = true;
    if (exit != null) {
      exit.onExit(0);
    }
  }

  /** Drops the whole SSH connection, as a cut cable or a killed client would. */
  private void drop() {
    closed = true;
    if (channel != null) {
      channel.getSession().close(true);
    }
  }

  @Override
  public void close() {
    // The receiver is closed with the channel; the session ends in destroy().
  }

  @Override
  public void destroy(ChannelSession ch) {
    closed = true;
    if (session != null) {
      device.sessionEnded(session);
    }
  }
}
