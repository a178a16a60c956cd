package io.tenantfabric.southbound.transport;

import io.tenantfabric.southbound.protocol.NetconfException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.kex.KexProposalOption;

/**
 * An open {@code netconf} subsystem channel in MINA's async mode: framed messages go out through
 * {@link #write} without blocking, inbound bytes go to the listener once {@link #startReading()} is
 * called, and the listener can pause and {@link #resume()} the inbound flow.
 */
public final class SubsystemChannel implements AutoCloseable {

  /** A NETCONF server has nothing to say on stderr; read and drop it so it cannot eat window. */
  private static final InboundListener DISCARD =
      new InboundListener() {
        @Override
        public boolean onBytes(ByteBuffer bytes) {
          bytes.position(bytes.limit());
          return true;
        }

        @Override
        public void onClosed(Throwable cause) {}
      };

  private final String device;
  private final ClientSession session;
  private final ChannelSubsystem channel;
  private final ChannelReader reader;
  private final ChannelReader stderr;
  private final ChannelWriter writer;
  private final boolean tcpNoDelay;

  SubsystemChannel(
      String device,
      ClientSession session,
      ChannelSubsystem channel,
      InboundListener inbound,
      boolean tcpNoDelay) {
    this.device = device;
    this.session = session;
    this.channel = channel;
    this.reader = new ChannelReader(channel.getAsyncOut(), inbound, ChannelReader.DATA_READ_SIZE);
    this.stderr =
        new ChannelReader(channel.getAsyncErr(), DISCARD, ChannelReader.DISCARD_READ_SIZE);
    this.writer = new ChannelWriter(device, channel.getAsyncIn());
    this.tcpNoDelay = tcpNoDelay;
  }

  /**
   * Queues one already framed message; whole messages never interleave. The future completes once
   * every byte went out, which needs the switch to keep opening its window: it may never complete
   * if the switch stops reading, so callers bound it.
   */
  public CompletableFuture<Void> write(byte[] framed) {
    return writer.write(framed);
  }

  /** Starts delivering inbound bytes to the listener (MINA buffers what arrives before). */
  public void startReading() {
    stderr.start();
    reader.start();
  }

  /** Delivers the bytes kept when the listener paused, then reads on; no-op unless paused. */
  public void resume() {
    reader.resume();
  }

  /** True while both the channel and the SSH session are open. */
  public boolean isOpen() {
    return channel.isOpen() && !channel.isClosing() && session.isOpen() && !session.isClosing();
  }

  /** The TCP_NODELAY value the socket reported after connect. */
  public boolean tcpNoDelay() {
    return tcpNoDelay;
  }

  /** The cipher negotiated for what this client sends, e.g. "aes128-gcm@openssh.com". */
  public String cipher() {
    return session.getNegotiatedKexParameter(KexProposalOption.C2SENC);
  }

  /**
   * Closes the channel and the SSH session: gracefully when nothing is left to send, at once when a
   * write is still pending, because a graceful close waits for it and it never finishes when the
   * switch has stopped reading.
   */
  @Override
  public void close() {
    shut(writer.busy());
  }

  /** Closes the channel and the SSH session at once, whatever is pending (the link is cut). */
  public void cut() {
    shut(true);
  }

  private void shut(boolean immediately) {
    reader.stop();
    stderr.stop();
    writer.close(new NetconfException(device, "the netconf channel is closed"));
    channel.close(immediately);
    session.close(immediately);
  }
}
