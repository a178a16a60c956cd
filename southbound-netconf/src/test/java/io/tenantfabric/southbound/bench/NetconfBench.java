package io.tenantfabric.southbound.bench;

import com.sun.management.OperatingSystemMXBean;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.session.Backoff;
import io.tenantfabric.southbound.session.ClientOptions;
import io.tenantfabric.southbound.session.DeviceEndpoint;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.PoolStats;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.session.SessionSettings;
import io.tenantfabric.southbound.transport.SshClientOptions;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Starts a fabric of emulated switches in this JVM and measures the NETCONF client: start time and
 * heap, session setup, rpc round trips on one session and across concurrent sessions, with and
 * without TCP_NODELAY and in both framings. Run with {@code bench/netconf-bench.sh}; settings are
 * system properties (bench.preset, bench.sessions, bench.rpcs, bench.concurrent,
 * bench.rpcsPerSession).
 */
public final class NetconfBench {

  private static final String GET_ONE_ROW =
      "<get><filter type=\"subtree\"><top xmlns=\"http://www.h3c.com/netconf/data:1.0\">"
          + "<Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/1</Name></Interface>"
          + "</Interfaces></Ifmgr></top></filter></get>";

  private NetconfBench() {}

  public static void main(String[] args) throws Exception {
    String preset = System.getProperty("bench.preset", "h3c-s9825-10240");
    boolean leavesOnly = Boolean.parseBoolean(System.getProperty("bench.leavesOnly", "true"));
    int setupSessions = Integer.getInteger("bench.sessions", 64);
    int rpcs = Integer.getInteger("bench.rpcs", 2000);
    int concurrent = Integer.getInteger("bench.concurrent", 32);
    int rpcsPerSession = Integer.getInteger("bench.rpcsPerSession", 500);

    System.out.printf(
        "JVM %s, %d cores, max heap %d MiB, load average %.1f%n",
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    long heapBefore = heapAfterFullGc();
    long t0 = System.nanoTime();
    EmulatedFabric fabric =
        EmulatedFabric.start(
            EmulatorOptions.builder()
                .preset(preset)
                .leavesOnly(leavesOnly)
                .bind("127.0.0.1")
                .basePort(0)
                .profile(Profile.COMWARE7)
                .build());
    long startMs = (System.nanoTime() - t0) / 1_000_000;
    long heapAfter = heapAfterFullGc();
    List<EmulatedDevice> devices = fabric.devices();
    System.out.printf(
        "emulator: started %d switches (%s%s) in %d ms; heap after full GC %d MiB"
            + " (%d MiB more than before, %.2f MiB per switch)%n",
        devices.size(),
        preset,
        leavesOnly ? ", leaves only" : "",
        startMs,
        heapAfter >> 20,
        (heapAfter - heapBefore) >> 20,
        (heapAfter - heapBefore) / 1048576.0 / devices.size());

    List<DeviceEndpoint> endpoints = new ArrayList<>();
    for (EmulatedDevice d : devices) {
      endpoints.add(
          new DeviceEndpoint(d.name(), d.host(), d.port(), "admin", "admin", d.hostKeySha256()));
    }
    SessionSettings settings = SessionSettings.defaults().withRpcTimeout(Duration.ofSeconds(30));
    int repeats = Integer.getInteger("bench.repeats", 2);
    try {
      // Each configuration runs `repeats` times, interleaved, so JIT warm-up and bursts of load
      // from other processes do not favour one of them; compare the last round.
      for (int round = 1; round <= repeats; round++) {
        System.out.printf("%n######## round %d of %d%n", round, repeats);
        run(
            "TCP_NODELAY on, chunked (base:1.1)",
            ClientOptions.defaults(),
            endpoints,
            settings,
            setupSessions,
            rpcs,
            concurrent,
            rpcsPerSession);
        run(
            "TCP_NODELAY on, end-of-message (base:1.0)",
            ClientOptions.defaults().withOfferBase11(false),
            endpoints,
            settings,
            setupSessions,
            rpcs,
            concurrent,
            rpcsPerSession);
        run(
            "TCP_NODELAY off (client side), chunked",
            ClientOptions.defaults().withSsh(SshClientOptions.defaults().withTcpNoDelay(false)),
            endpoints,
            settings,
            setupSessions,
            rpcs,
            concurrent,
            rpcsPerSession);
      }
      poolReuse(endpoints, settings);
    } finally {
      fabric.close();
    }
  }

  private static void run(
      String label,
      ClientOptions options,
      List<DeviceEndpoint> endpoints,
      SessionSettings settings,
      int setupSessions,
      int rpcs,
      int concurrent,
      int rpcsPerSession)
      throws Exception {
    System.out.println();
    System.out.println("== " + label);
    try (NetconfClient client = new NetconfClient(options)) {
      System.out.println("key exchanges offered: " + client.keyExchanges().subList(0, 3) + " ...");
      // warm the SSH and XML code paths once
      try (NetconfSession warm = client.connect(endpoints.get(0), settings)) {
        for (int i = 0; i < 300; i++) {
          warm.rpc(GET_ONE_ROW);
        }
      }
      Latencies setup = new Latencies();
      List<NetconfSession> sessions = new ArrayList<>();
      int n = Math.min(setupSessions, endpoints.size());
      long cpu0 = processCpuNanos();
      for (int i = 0; i < n; i++) {
        long t = System.nanoTime();
        sessions.add(client.connect(endpoints.get(i), settings));
        setup.add(System.nanoTime() - t);
      }
      System.out.printf(
          "session setup (connect+auth+subsystem+hello, %s I/O), %d sequential sessions: %s;"
              + " process CPU %.2f ms/session%n",
          client.ioBackend(), n, setup.summary(), (processCpuNanos() - cpu0) / 1e6 / n);

      NetconfSession one = sessions.get(0);
      for (int i = 0; i < 200; i++) {
        one.rpc(GET_ONE_ROW);
      }
      Latencies single = new Latencies();
      long cpu1 = processCpuNanos();
      long t1 = System.nanoTime();
      for (int i = 0; i < rpcs; i++) {
        long t = System.nanoTime();
        one.rpc(GET_ONE_ROW);
        single.add(System.nanoTime() - t);
      }
      double secs = (System.nanoTime() - t1) / 1e9;
      System.out.printf(
          "rpc round trip, one session, sequential get: %s (%.0f rpc/s);"
              + " process CPU (client+emulator) %.0f us/rpc%n",
          single.summary(), rpcs / secs, (processCpuNanos() - cpu1) / 1e3 / rpcs);

      int c = Math.min(concurrent, sessions.size());
      Latencies across = new Latencies();
      ExecutorService pool = Executors.newFixedThreadPool(c);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<Latencies>> parts = new ArrayList<>();
      for (int k = 0; k < c; k++) {
        NetconfSession s = sessions.get(k);
        parts.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 50; i++) {
                    s.rpc(GET_ONE_ROW);
                  }
                  go.await();
                  Latencies mine = new Latencies();
                  for (int i = 0; i < rpcsPerSession; i++) {
                    long t = System.nanoTime();
                    s.rpc(GET_ONE_ROW);
                    mine.add(System.nanoTime() - t);
                  }
                  return mine;
                }));
      }
      long cpu2 = processCpuNanos();
      long t2 = System.nanoTime();
      go.countDown();
      for (Future<Latencies> f : parts) {
        across.addAll(f.get());
      }
      double secs2 = (System.nanoTime() - t2) / 1e9;
      pool.shutdown();
      System.out.printf(
          "rpc round trip, %d sessions concurrently (one thread each): %s (%.0f rpc/s total);"
              + " process CPU %.0f us/rpc%n",
          c,
          across.summary(),
          across.count() / secs2,
          (processCpuNanos() - cpu2) / 1e3 / across.count());
      for (NetconfSession s : sessions) {
        s.close();
      }
    }
  }

  private static void poolReuse(List<DeviceEndpoint> endpoints, SessionSettings settings) {
    System.out.println();
    try (NetconfClient client = new NetconfClient();
        SessionPool pool = new SessionPool(client, settings, Backoff.defaults())) {
      long t0 = System.nanoTime();
      for (DeviceEndpoint ep : endpoints) {
        pool.session(ep).rpc(GET_ONE_ROW);
      }
      System.out.printf(
          "pool: first round over %d switches (connect each) in %d ms%n",
          endpoints.size(), (System.nanoTime() - t0) / 1_000_000);
      PoolStats before = pool.stats();
      int rounds = Integer.getInteger("bench.poolRounds", 20);
      long t = System.nanoTime();
      for (int r = 0; r < rounds; r++) {
        for (DeviceEndpoint ep : endpoints) {
          pool.session(ep).rpc(GET_ONE_ROW);
        }
      }
      PoolStats after = pool.stats();
      long handouts = after.handouts() - before.handouts();
      long reused = after.reused() - before.reused();
      System.out.printf(
          "pool: %d more rounds (%d handouts, one get each) in %d ms: steady-state reuse %.4f;"
              + " overall %s reuse %.4f%n",
          rounds,
          handouts,
          (System.nanoTime() - t) / 1_000_000,
          (double) reused / handouts,
          after,
          after.reuseRatio());
      long heap = heapAfterFullGc();
      System.out.printf(
          "heap after full GC with %d switches touched and %d pooled client sessions open: %d MiB%n",
          endpoints.size(), endpoints.size(), heap >> 20);
    }
  }

  /** CPU time of this whole JVM (client and emulator): independent of other load on the box. */
  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static long heapAfterFullGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
