package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.FrameDecoder;
import io.tenantfabric.southbound.protocol.Framing;
import io.tenantfabric.southbound.protocol.FramingException;
import io.tenantfabric.southbound.protocol.InvalidXmlException;
import io.tenantfabric.southbound.protocol.Messages;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.ProtocolViolationException;
import io.tenantfabric.southbound.transport.InboundListener;
import io.tenantfabric.southbound.transport.SubsystemChannel;
import java.nio.ByteBuffer;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;

/**
 * One session's inbound path. Framing is decoded where the bytes arrive (the SSH I/O thread): it is
 * incremental and bounded by maxMessageSize. Each complete message then takes its size from the
 * client's {@link ByteBudget} and is parsed and handled on the shared workers, in arrival order.
 * When the budget is spent the session pauses its channel, so the switch waits on its own SSH
 * window and no thread blocks; other sessions go on as the budget frees. Decoding also pauses after
 * the server hello until it is parsed, because the framing of what follows depends on it.
 */
final class InboundPipeline implements InboundListener {

  /** What the session does with messages; called on a worker, one message at a time. */
  interface Handler {
    /** Parses the server hello and returns the framing negotiated for every later message. */
    Framing onHello(byte[] message);

    /** Any later message, parsed. */
    void onMessage(Element root);

    /** The inbound path failed or closed; no more messages follow. */
    void onFailure(NetconfException cause);
  }

  private enum Admission {
    CONTINUE,
    PAUSE,
    REJECTED
  }

  private static final Logger LOG = LoggerFactory.getLogger(InboundPipeline.class);

  private final String device;
  private final long maxMessageSize;
  private final ByteBudget budget;
  private final OrderedLane lane;
  private final Handler handler;
  private final Runnable granted = this::granted;
  private volatile SubsystemChannel channel;
  private volatile boolean stopped;
  private volatile boolean helloParsed;

  // guarded by this
  private FrameDecoder decoder;
  private byte[] waiting;
  private boolean helloAdmitted;
  private boolean decodeFailed;
  private long largestMessage;

  InboundPipeline(
      String device, long maxMessageSize, ByteBudget budget, OrderedLane lane, Handler handler) {
    this.device = device;
    this.maxMessageSize = maxMessageSize;
    this.budget = budget;
    this.lane = lane;
    this.handler = handler;
    this.decoder = Framing.endOfMessage().newDecoder(maxMessageSize);
  }

  /** The channel to pause and resume; set before it starts reading. */
  void attach(SubsystemChannel c) {
    this.channel = c;
  }

  /** Size in bytes of the largest message decoded so far (framing excluded). */
  synchronized long largestMessageBytes() {
    return largestMessage;
  }

  // ---------------------------------------------------------------- SSH I/O thread

  @Override
  public boolean onBytes(ByteBuffer input) {
    FramingException broken = null;
    Admission result = Admission.CONTINUE;
    byte[] m = null;
    synchronized (this) {
      if (stopped || decodeFailed) {
        input.position(input.limit());
        return true;
      }
      try {
        while (result == Admission.CONTINUE && (m = decoder.decode(input)) != null) {
          largestMessage = Math.max(largestMessage, m.length);
          if (!budget.acquire(m.length, granted)) {
            waiting = m;
            return false; // granted() admits it and resumes the channel
          }
          result = admit(m);
        }
      } catch (FramingException e) {
        decodeFailed = true;
        input.position(input.limit());
        broken = e;
      }
    }
    if (broken != null) {
      // RFC 6242 section 4.2: broken framing is fatal; messages decoded before it still count.
      LOG.warn("{}: closing the session: {}", device, broken.getMessage());
      closeAfterQueued(new NetconfException(device, broken.getMessage(), broken));
      return true;
    }
    if (result == Admission.REJECTED) {
      rejected(m);
      return false;
    }
    return result == Admission.CONTINUE;
  }

  @Override
  public void onClosed(Throwable cause) {
    closeAfterQueued(
        new NetconfException(device, "session closed by the peer or the transport", cause));
  }

  /** Holds this; the message's bytes are taken. */
  private Admission admit(byte[] m) {
    try {
      lane.submit(() -> handle(m));
    } catch (RejectedExecutionException clientClosing) {
      return Admission.REJECTED;
    }
    if (!helloAdmitted) {
      helloAdmitted = true;
      return Admission.PAUSE; // until the hello is parsed and the decoder replaced
    }
    return Admission.CONTINUE;
  }

  /** The workers are shut down: the client is closing. */
  private void rejected(byte[] m) {
    budget.release(m.length);
    stop(new NetconfException(device, "the NETCONF client is closed"));
  }

  /** The budget took the waiting message's bytes; runs on the thread that released them. */
  private void granted() {
    byte[] m;
    Admission result;
    synchronized (this) {
      m = waiting;
      waiting = null;
      if (stopped) {
        result = null;
      } else {
        result = admit(m);
      }
    }
    if (result == null) {
      budget.release(m.length);
    } else if (result == Admission.REJECTED) {
      rejected(m);
    } else if (result == Admission.CONTINUE) {
      channel.resume();
    }
  }

  // ---------------------------------------------------------------- workers

  private void handle(byte[] m) {
    NetconfException failure = null;
    boolean resume = false;
    try {
      if (!stopped) {
        if (!helloParsed) {
          Framing framing = handler.onHello(m);
          synchronized (this) {
            decoder = framing.newDecoder(maxMessageSize); // the bytes kept at the pause use it
          }
          helloParsed = true;
          resume = true;
        } else {
          handler.onMessage(Messages.parse(m));
        }
      }
    } catch (InvalidXmlException | ProtocolViolationException e) {
      // an unreadable reply cannot be correlated, so the session cannot go on
      failure = new NetconfException(device, e.getMessage(), e);
    } catch (RuntimeException e) {
      failure = new NetconfException(device, "cannot handle a received message: " + e, e);
    } finally {
      budget.release(m.length);
    }
    if (failure != null) {
      LOG.warn("closing the session: {}", failure.getMessage());
      stop(failure);
    } else if (resume) {
      channel.resume();
    }
  }

  /** Fails the session once the messages already queued are handled, so replies are not lost. */
  private void closeAfterQueued(NetconfException cause) {
    try {
      lane.submit(() -> stop(cause));
    } catch (RejectedExecutionException clientClosing) {
      stop(cause);
    }
  }

  /** Stops handling messages and tells the handler once. */
  void stop(NetconfException cause) {
    synchronized (this) {
      if (stopped) {
        return;
      }
      halt();
    }
    handler.onFailure(cause);
  }

  /** Stops handling messages without telling the handler (the session failed on its own). */
  synchronized void halt() {
    stopped = true;
    if (waiting != null && budget.cancel(granted)) {
      waiting = null; // else granted() is about to run and gives the bytes back
    }
  }
}
