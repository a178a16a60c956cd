package io.tenantfabric.emulator;

import io.tenantfabric.emulator.support.RawNetconfClient;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.sshd.client.SshClient;

/**
 * Prints (never asserts) the time and heap to start 320 switches (h3c-s9825-10240 leaves only),
 * session setup time, and RPC round-trip p50/p99 on one session and across 32 sessions. Run: {@code
 * java -cp switch-emulator/target/switch-emulator.jar:switch-emulator/target/test-classes
 * io.tenantfabric.emulator.EmulatorScaleBench}.
 */
public final class EmulatorScaleBench {
  private EmulatorScaleBench() {}

  private static final String GET_ONE =
      "<get><filter type=\"subtree\"><top xmlns=\"http://www.h3c.com/netconf/data:1.0\"><Ifmgr><Interfaces><Interface>"
          + "<Name>FourHundredGigE1/0/5</Name></Interface></Interfaces></Ifmgr></top></filter></get>";

  public static void main(String[] args) throws Exception {
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    System.gc();
    long heapBefore = mem.getHeapMemoryUsage().getUsed();
    long t0 = System.nanoTime();
    EmulatorOptions o =
        EmulatorOptions.builder().preset("h3c-s9825-10240").leavesOnly(true).build();
    try (EmulatedFabric fabric = EmulatedFabric.start(o)) {
      long startMs = (System.nanoTime() - t0) / 1_000_000;
      System.gc();
      long heapAfter = mem.getHeapMemoryUsage().getUsed();
      System.out.printf(
          "start: %d switches in %d ms; heap used after GC %.1f MiB (%.1f KiB per switch, before first use of any datastore); max heap %.0f MiB; JVM threads %d%n",
          fabric.devices().size(),
          startMs,
          heapAfter / 1048576.0,
          (heapAfter - heapBefore) / 1024.0 / fabric.devices().size(),
          mem.getHeapMemoryUsage().getMax() / 1048576.0,
          ManagementFactory.getThreadMXBean().getThreadCount());

      EmulatedDevice first = fabric.devices().get(0);
      SshClient ssh = RawNetconfClient.newSharedClient();
      for (int i = 0; i < 5; i++) {
        RawNetconfClient.connect(ssh, fabric.devices().get(300 + i)).close();
      }
      long[] setup = new long[40];
      for (int i = 0; i < setup.length; i++) {
        long s = System.nanoTime();
        try (RawNetconfClient c = RawNetconfClient.connect(ssh, fabric.devices().get(i))) {
          setup[i] = System.nanoTime() - s;
        }
      }
      System.out.printf(
          "session setup (TCP, key exchange, password auth, subsystem, hello; one warm SSH client): %s%n",
          percentiles(setup));

      try (RawNetconfClient c = RawNetconfClient.connect(first)) {
        for (int i = 0; i < 200; i++) {
          c.rpc(GET_ONE);
        }
        long[] rtt = new long[2000];
        for (int i = 0; i < rtt.length; i++) {
          long s = System.nanoTime();
          c.rpc(GET_ONE);
          rtt[i] = System.nanoTime() - s;
        }
        System.out.printf("RPC round trip, one session (get by Name): %s%n", percentiles(rtt));
      }

      List<RawNetconfClient> clients = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        clients.add(RawNetconfClient.connect(ssh, fabric.devices().get(i)));
      }
      ExecutorService pool = Executors.newFixedThreadPool(32);
      List<Future<long[]>> results = new ArrayList<>();
      for (RawNetconfClient c : clients) {
        results.add(
            pool.submit(
                () -> {
                  long[] r = new long[300];
                  for (int i = 0; i < r.length; i++) {
                    long s = System.nanoTime();
                    c.rpc(GET_ONE);
                    r[i] = System.nanoTime() - s;
                  }
                  return r;
                }));
      }
      List<Long> all = new ArrayList<>();
      for (Future<long[]> f : results) {
        for (long v : f.get()) {
          all.add(v);
        }
      }
      pool.shutdown();
      for (RawNetconfClient c : clients) {
        c.close();
      }
      ssh.stop();
      System.out.printf(
          "RPC round trip, 32 sessions on 32 switches concurrently: %s%n",
          percentiles(all.stream().mapToLong(Long::longValue).toArray()));
      System.gc();
      System.out.printf(
          "heap used after GC with 32 datastores touched: %.1f MiB%n",
          mem.getHeapMemoryUsage().getUsed() / 1048576.0);
    }
  }

  private static String percentiles(long[] nanos) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    return String.format(
        "n=%d p50=%.2f ms p99=%.2f ms max=%.2f ms",
        s.length, s[s.length / 2] / 1e6, s[(int) (s.length * 0.99)] / 1e6, s[s.length - 1] / 1e6);
  }
}
