package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.PendingReply;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A real session whose pipelined replies ({@link NetconfSession#send}) are held back, burst by
 * burst: the rpcs go to the switch at once, but no reply of a burst reaches the caller before the
 * caller has sent the whole burst. A caller that waited for a reply before sending the rest of its
 * burst would wait for ever; a guard releases such a burst after a while and writes it down, so
 * that the test fails on {@link #released} instead of hanging.
 */
final class HeldReplies implements AutoCloseable {
  private static final Duration GUARD = Duration.ofSeconds(10);

  private final List<Integer> bursts;
  private final List<String> released = new ArrayList<>();
  private final List<Runnable> held = new ArrayList<>();
  private final ScheduledExecutorService guard = Executors.newSingleThreadScheduledExecutor();
  private int burst;

  /** Holds the replies of the first {@code bursts.size()} bursts of the given sizes. */
  HeldReplies(List<Integer> bursts) {
    this.bursts = List.copyOf(bursts);
  }

  /** {@code session}, its pipelined replies held (one session per instance). */
  NetconfSession wrap(NetconfSession session) {
    return (NetconfSession)
        Proxy.newProxyInstance(
            NetconfSession.class.getClassLoader(),
            new Class<?>[] {NetconfSession.class},
            (proxy, method, args) -> {
              if (method.getName().equals("send")) {
                return hold(session.device(), session.send((Document) args[0]));
              }
              try {
                return method.invoke(session, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /**
   * How each burst was let go: {@code "complete: n"} once its n rpcs were all sent, {@code "guard:
   * k of n"} when the caller waited with only k sent.
   */
  synchronized List<String> released() {
    return List.copyOf(released);
  }

  private synchronized PendingReply hold(String device, PendingReply real) {
    if (burst >= bursts.size()) {
      return real;
    }
    CompletableFuture<Element> reply = new CompletableFuture<>();
    held.add(() -> pass(real, reply));
    int size = bursts.get(burst);
    if (held.size() == 1) {
      int which = burst;
      guard.schedule(() -> expire(which), GUARD.toMillis(), TimeUnit.MILLISECONDS);
    }
    if (held.size() == size) {
      release("complete: " + size);
    }
    return new PendingReply(device, reply);
  }

  private synchronized void expire(int which) {
    if (burst == which && !held.isEmpty()) {
      release("guard: " + held.size() + " of " + bursts.get(which));
    }
  }

  private void release(String how) {
    released.add(how);
    held.forEach(r -> CompletableFuture.runAsync(r));
    held.clear();
    burst++;
  }

  private static void pass(PendingReply real, CompletableFuture<Element> reply) {
    try {
      reply.complete(real.await());
    } catch (NetconfException e) {
      reply.completeExceptionally(e);
    }
  }

  @Override
  public void close() {
    guard.shutdownNow();
  }
}
