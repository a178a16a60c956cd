package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.device.DeviceSession;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.framing.FrameDecoder;
import io.tenantfabric.emulator.framing.FrameMode;
import io.tenantfabric.emulator.framing.Frames;
import io.tenantfabric.emulator.framing.MalformedFrameException;
import io.tenantfabric.emulator.xml.SafeXml;
import io.tenantfabric.emulator.xml.XmlBuilder;
import io.tenantfabric.emulator.xml.XmlSyntaxException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
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
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One NETCONF session on an SSH channel: bytes arrive on the I/O thread through a data receiver (no
 * reader thread), RPCs run one at a time on the shared worker pool, replies go out in the framing
 * chosen by the hellos (RFC 6242 §4.1).
 */
final class NetconfChannel implements Command, ChannelDataReceiver {
  private static final Logger LOG = LoggerFactory.getLogger(NetconfChannel.class);

  /** Bigger messages are malformed (RFC 6242 leaves the limit to the implementation). */
  private static final int MAX_MESSAGE = 32 * 1024 * 1024;

  private final SwitchDevice device;
  private final Executor workers;
  private final ScheduledExecutorService timers;
  private final FrameDecoder decoder = new FrameDecoder(MAX_MESSAGE, this::onMessage);
  private final Queue<Runnable> queue = new ArrayDeque<>();
  private boolean draining;
  private volatile FrameMode outMode = FrameMode.END_OF_MESSAGE;
  private volatile boolean helloReceived;
  private volatile boolean closed;
  private OutputStream out;
  private ExitCallback exit;
  private ChannelSession channel;
  private DeviceSession session;

  /** A client that has not sent its hello within this time is disconnected. */
  static final Duration HELLO_TIMEOUT = Duration.ofSeconds(60);

  NetconfChannel(SwitchDevice device, Executor workers, ScheduledExecutorService timers) {
    this.device = device;
    this.workers = workers;
    this.timers = timers;
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
    session = device.openSession(user, this::drop);
    String hello = hello();
    submit(() -> write(Frames.encode(hello, FrameMode.END_OF_MESSAGE)));
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

  @Override
  public int data(ChannelSession ch, byte[] buf, int start, int len) {
    if (closed) {
      return len;
    }
    try {
      decoder.feed(buf, start, len);
    } catch (MalformedFrameException e) {
      LOG.debug("{}: malformed framing: {}", device.name(), e.getMessage());
      String reply =
          Replies.reply(
              Map.of(),
              Replies.errors(List.of(NetconfError.rpc("malformed-message", e.getMessage()))));
      submit(
          () -> {
            write(Frames.encode(reply, outMode));
            closeGracefully();
          });
    }
    return len;
  }

  /** Called on the I/O thread for every complete message, before later bytes are decoded. */
  private void onMessage(String text) {
    if (!helloReceived) {
      onHello(text);
      return;
    }
    submit(() -> handleRpc(text));
  }

  private void onHello(String text) {
    try {
      Document doc = SafeXml.parse(text);
      Element root = doc.getDocumentElement();
      if (!"hello".equals(root.getLocalName()) || !Namespaces.BASE.equals(root.getNamespaceURI())) {
        throw new IllegalArgumentException("first message is not a hello");
      }
      if (SafeXml.child(root, "session-id") != null) {
        throw new IllegalArgumentException("client hello carries a session-id");
      }
      boolean base10 = false;
      boolean base11 = false;
      Element caps = SafeXml.child(root, "capabilities");
      for (Element c : caps == null ? List.<Element>of() : SafeXml.children(caps)) {
        String uri = SafeXml.text(c);
        base10 |= Capabilities.BASE_10.equals(uri);
        base11 |= Capabilities.BASE_11.equals(uri);
      }
      boolean chunked = base11 && device.advertiseBase11();
      if (!base10 && !chunked) {
        throw new IllegalArgumentException("no common base capability");
      }
      helloReceived = true;
      if (chunked) {
        decoder.mode(FrameMode.CHUNKED);
        outMode = FrameMode.CHUNKED;
      }
    } catch (XmlSyntaxException | IllegalArgumentException e) {
      // RFC 6241 §8.1: a bad hello ends the session.
      LOG.debug("{}: bad hello: {}", device.name(), e.getMessage());
      closed = true;
      submit(this::closeGracefully);
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
      Document doc;
      try {
        doc = SafeXml.parse(text);
      } catch (XmlSyntaxException e) {
        throw new RpcException(
            NetconfError.rpc("malformed-message", "The message is not well-formed XML."));
      }
      Element rpc = doc.getDocumentElement();
      for (int i = 0; i < rpc.getAttributes().getLength(); i++) {
        Node a = rpc.getAttributes().item(i);
        if (!a.getNodeName().equals("xmlns") && !a.getNodeName().startsWith("xmlns:")) {
          attrs.put(a.getNodeName(), a.getNodeValue());
        }
      }
      if (!"rpc".equals(rpc.getLocalName()) || !Namespaces.BASE.equals(rpc.getNamespaceURI())) {
        throw new RpcException(
            NetconfError.unknownElement("rpc", rpc.getNamespaceURI(), rpc.getLocalName(), "/"));
      }
      if (!rpc.hasAttribute("message-id")) {
        throw new RpcException(
            NetconfError.rpc("missing-attribute", "The attribute 'message-id' is missing.")
                .withInfo("bad-attribute", "message-id")
                .withInfo("bad-element", "rpc"));
      }
      List<Element> ops = SafeXml.children(rpc);
      if (ops.size() != 1) {
        throw new RpcException(
            NetconfError.rpc("missing-element", "An rpc must contain exactly one operation.")
                .withInfo("bad-element", "rpc"));
      }
      Element op = ops.get(0);
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

  /** Runs tasks of this session one at a time, in order, on the shared pool. */
  private void submit(Runnable task) {
    synchronized (queue) {
      queue.add(task);
      if (draining) {
        return;
      }
      draining = true;
    }
    workers.execute(this::drain);
  }

  private void drain() {
    while (true) {
      Runnable next;
      synchronized (queue) {
        next = queue.poll();
        if (next == null) {
          draining = false;
          return;
        }
      }
      try {
        next.run();
      } catch (RuntimeException e) {
        LOG.warn("{}: session task failed", device.name(), e);
      }
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
