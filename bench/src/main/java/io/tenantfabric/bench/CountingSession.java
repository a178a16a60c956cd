package io.tenantfabric.bench;

import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.Rpcs;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.w3c.dom.Document;

/**
 * Wraps a {@link NetconfSession} and counts the RPCs sent through it, by operation: every method of
 * the interface is one RPC ({@code get}, {@code editConfig}, {@code lock}, {@code savePointEnd},
 * ...) except the accessors and {@code close}; an rpc the caller built ({@code call}) counts under
 * its operation ({@code get-config}), one sent without waiting ({@code send}) under its operation
 * ({@code send edit-config}, {@code send save-point/begin}). Calls the real session makes to itself
 * are not seen, so each RPC counts once.
 *
 * <p>It also writes down the round trips: a typed operation waits for its reply, one round trip;
 * the rpcs sent without waiting one after another until the next typed operation travel together,
 * one round trip (the caller waits for them before it goes on, as DeviceTransaction does).
 */
final class CountingSession implements InvocationHandler {
  private static final Set<String> NOT_RPCS =
      Set.of(
          "device",
          "sessionId",
          "serverCapabilities",
          "hasCapability",
          "isOpen",
          "rpcsSent",
          "close",
          "cut",
          "toString",
          "hashCode",
          "equals");

  private final NetconfSession target;
  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> nanos = new ConcurrentHashMap<>();
  private final List<List<String>> trips = new ArrayList<>();
  private boolean sending;

  private CountingSession(NetconfSession target) {
    this.target = target;
  }

  /** A counting view of {@code target} and its counter. */
  static CountingSession wrap(NetconfSession target) {
    return new CountingSession(target);
  }

  NetconfSession session() {
    return (NetconfSession)
        Proxy.newProxyInstance(
            NetconfSession.class.getClassLoader(), new Class<?>[] {NetconfSession.class}, this);
  }

  /** RPCs sent so far, by operation (method name), sorted. */
  Map<String, Long> counts() {
    Map<String, Long> out = new TreeMap<>();
    counts.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** Wall time spent in each operation, milliseconds, sorted by operation. */
  Map<String, Double> millis() {
    Map<String, Double> out = new TreeMap<>();
    nanos.forEach((k, v) -> out.put(k, Math.round(v.sum() / 1e4) / 100.0));
    return out;
  }

  /** The round trips so far, in order, each the operations it carried. */
  synchronized List<List<String>> trips() {
    List<List<String>> out = new ArrayList<>();
    trips.forEach(t -> out.add(List.copyOf(t)));
    return out;
  }

  long total() {
    return counts.values().stream().mapToLong(LongAdder::sum).sum();
  }

  private synchronized void trip(String op, boolean pipelined) {
    if (!pipelined || !sending) {
      trips.add(new ArrayList<>());
    }
    trips.get(trips.size() - 1).add(op);
    sending = pipelined;
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (NOT_RPCS.contains(method.getName())) {
      try {
        return method.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
    boolean pipelined = method.getName().equals("send");
    String op =
        switch (method.getName()) {
          case "send" -> "send " + Rpcs.describe((Document) args[0]);
          case "call" -> Rpcs.describe((Document) args[0]);
          default -> method.getName();
        };
    trip(op, pipelined);
    counts.computeIfAbsent(op, k -> new LongAdder()).increment();
    long t0 = System.nanoTime();
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    } finally {
      nanos.computeIfAbsent(op, k -> new LongAdder()).add(System.nanoTime() - t0);
    }
  }
}
