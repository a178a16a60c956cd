package io.tenantfabric.emulator.device;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.netty.NettyIoServiceFactoryFactory;

/**
 * Threads shared by every switch of a fabric: one Netty event loop group (through one MINA I/O
 * factory factory), one scheduler for timers and SSH housekeeping, and one elastic worker pool that
 * runs RPCs; no switch owns a thread.
 */
public final class EmulatorRuntime implements AutoCloseable {
  private final EventLoopGroup eventLoops;
  private final NettyIoServiceFactoryFactory ioFactory;
  private final ScheduledExecutorService scheduler;
  private final ExecutorService workers;
  private final Clock clock;

  public EmulatorRuntime() {
    this(Clock.systemUTC());
  }

  /** A runtime whose switches read the time from {@code clock} (uptime, LLDP ages, LocalTime). */
  public EmulatorRuntime(Clock clock) {
    this.clock = clock;
    int loops = Math.max(2, Runtime.getRuntime().availableProcessors());
    this.eventLoops =
        new MultiThreadIoEventLoopGroup(loops, daemon("emu-netty"), NioIoHandler.newFactory());
    this.ioFactory = new NettyIoServiceFactoryFactory(eventLoops);
    ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(2, daemon("emu-timer"));
    s.setRemoveOnCancelPolicy(true);
    this.scheduler = s;
    this.workers =
        new ThreadPoolExecutor(
            0,
            Integer.MAX_VALUE,
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            daemon("emu-rpc"));
  }

  public NettyIoServiceFactoryFactory ioFactory() {
    return ioFactory;
  }

  /** The clock every switch of the fabric reads. */
  public Clock clock() {
    return clock;
  }

  public ScheduledExecutorService scheduler() {
    return scheduler;
  }

  public ExecutorService workers() {
    return workers;
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  @Override
  public void close() {
    workers.shutdownNow();
    scheduler.shutdownNow();
    eventLoops.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
