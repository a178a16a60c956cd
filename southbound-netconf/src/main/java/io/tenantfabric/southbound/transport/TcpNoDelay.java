package io.tenantfabric.southbound.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;
import org.apache.sshd.common.io.IoSession;
import org.apache.sshd.common.io.nio2.Nio2Session;
import org.apache.sshd.netty.NettyIoSession;

/**
 * Sets TCP_NODELAY on the socket of an established SSH connection: sshd-netty's connector ignores
 * CoreModuleProperties.TCP_NODELAY (2.17.1), so the Netty channel is reached directly.
 */
final class TcpNoDelay {

  private static final Field NETTY_CONTEXT = nettyContextField();

  private TcpNoDelay() {}

  /** Applies the option and returns the value the socket reports afterwards. */
  static boolean apply(IoSession io, boolean on) {
    if (io instanceof NettyIoSession netty) {
      Channel channel = nettyChannel(netty);
      channel.config().setOption(ChannelOption.TCP_NODELAY, on);
      return Boolean.TRUE.equals(channel.config().getOption(ChannelOption.TCP_NODELAY));
    }
    if (io instanceof Nio2Session nio2) {
      NetworkChannel socket = nio2.getSocket();
      try {
        socket.setOption(StandardSocketOptions.TCP_NODELAY, on);
        return socket.getOption(StandardSocketOptions.TCP_NODELAY);
      } catch (IOException e) {
        throw new IllegalStateException("cannot set TCP_NODELAY", e);
      }
    }
    throw new IllegalStateException("unknown SSH I/O session type " + io.getClass().getName());
  }

  private static Channel nettyChannel(NettyIoSession session) {
    try {
      return ((ChannelHandlerContext) NETTY_CONTEXT.get(session)).channel();
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot reach the Netty channel of the SSH session", e);
    }
  }

  private static Field nettyContextField() {
    try {
      // NettyIoSession keeps its ChannelHandlerContext in a protected field without an accessor.
      Field f = NettyIoSession.class.getDeclaredField("context");
      f.setAccessible(true);
      return f;
    } catch (NoSuchFieldException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
