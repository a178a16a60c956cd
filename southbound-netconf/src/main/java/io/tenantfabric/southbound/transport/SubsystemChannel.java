package io.tenantfabric.southbound.transport;

import io.tenantfabric.southbound.protocol.NetconfException;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.session.ClientSession;

/** An open {@code netconf} subsystem channel: framed messages go out through {@link #write}. */
public final class SubsystemChannel implements AutoCloseable {

  private final String device;
  private final ClientSession session;
  private final ChannelSubsystem channel;
  private final OutputStream out;
  private final boolean tcpNoDelay;

  SubsystemChannel(
      String device, ClientSession session, ChannelSubsystem channel, boolean tcpNoDelay) {
    this.device = device;
    this.session = session;
    this.channel = channel;
    this.out = channel.getInvertedIn();
    this.tcpNoDelay = tcpNoDelay;
  }

  /** Writes one already framed message and flushes it; whole messages never interleave. */
  public void write(byte[] framed) {
    synchronized (out) {
      try {
        out.write(framed);
        out.flush();
      } catch (IOException e) {
        throw new NetconfException(device, "cannot write to the netconf channel", e);
      }
    }
  }

  /** True while both the channel and the SSH session are open. */
  public boolean isOpen() {
    return channel.isOpen() && !channel.isClosing() && session.isOpen() && !session.isClosing();
  }

  /** The TCP_NODELAY value the socket reported after connect. */
  public boolean tcpNoDelay() {
    return tcpNoDelay;
  }

  /** Closes the channel and the SSH session without waiting for the peer. */
  @Override
  public void close() {
    channel.close(false);
    session.close(false);
  }
}
