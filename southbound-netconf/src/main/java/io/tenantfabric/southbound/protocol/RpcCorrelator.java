package io.tenantfabric.southbound.protocol;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.w3c.dom.Element;

/**
 * Matches rpc-replies to outstanding rpcs by message-id (RFC 6241 section 4.2), so that several
 * rpcs can be in flight on one session; thread safe.
 */
public final class RpcCorrelator {

  private final AtomicLong nextId = new AtomicLong(1);
  private final ConcurrentHashMap<String, CompletableFuture<Element>> pending =
      new ConcurrentHashMap<>();

  /** Allocates the next message-id and registers a future for its reply. */
  public Pending register() {
    String id = Long.toString(nextId.getAndIncrement());
    CompletableFuture<Element> future = new CompletableFuture<>();
    pending.put(id, future);
    return new Pending(id, future);
  }

  /**
   * Completes the future of the reply's message-id with the reply.
   *
   * @return false if the id is missing or unknown (already timed out, or never sent)
   */
  public boolean complete(Element reply) {
    String id = RpcReplies.messageId(reply);
    if (id == null) {
      return false;
    }
    CompletableFuture<Element> f = pending.remove(id);
    if (f == null) {
      return false;
    }
    f.complete(reply);
    return true;
  }

  /** Drops an outstanding id (after a timeout), so a late reply is recognised as unknown. */
  public void forget(String id) {
    pending.remove(id);
  }

  /** Fails every outstanding rpc, e.g. when the session closed. */
  public void failAll(Throwable cause) {
    for (String id : pending.keySet()) {
      CompletableFuture<Element> f = pending.remove(id);
      if (f != null) {
        f.completeExceptionally(cause);
      }
    }
  }

  /** Number of rpcs still waiting for a reply. */
  public int inFlight() {
    return pending.size();
  }

  /** One registered rpc: its message-id and the future of its reply. */
  public record Pending(String messageId, CompletableFuture<Element> reply) {}
}
