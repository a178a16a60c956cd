package io.tenantfabric.southbound.protocol;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.w3c.dom.Element;

/**
 * Matches rpc-replies to outstanding rpcs by message-id (RFC 6241 section 4.2), so that several
 * rpcs can be in flight on one session, and tells a late reply (its rpc timed out) from one that
 * matches nothing this session sent; thread safe.
 */
public final class RpcCorrelator {

  /** How many forgotten ids are remembered so that their late replies are recognised. */
  static final int REMEMBERED_FORGOTTEN_IDS = 1024;

  /** What became of a reply. */
  public enum Outcome {
    /** It completed its rpc. */
    MATCHED,
    /** Its rpc had timed out (or failed to send) and was forgotten; the reply is dropped. */
    LATE,
    /** No rpc of this session has its message-id, or it has none, or it came twice. */
    UNKNOWN
  }

  private final AtomicLong nextId = new AtomicLong(1);
  private final ConcurrentHashMap<String, CompletableFuture<Element>> pending =
      new ConcurrentHashMap<>();
  // guarded by itself; the eldest entries go first once the cap is reached
  private final Map<String, Boolean> forgotten =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
          return size() > REMEMBERED_FORGOTTEN_IDS;
        }
      };

  /** Allocates the next message-id and registers a future for its reply. */
  public Pending register() {
    String id = Long.toString(nextId.getAndIncrement());
    CompletableFuture<Element> future = new CompletableFuture<>();
    pending.put(id, future);
    return new Pending(id, future);
  }

  /** Completes the future of the reply's message-id with the reply, if it is still waiting. */
  public Outcome complete(Element reply) {
    String id = RpcReplies.messageId(reply);
    if (id == null) {
      return Outcome.UNKNOWN;
    }
    CompletableFuture<Element> f = pending.remove(id);
    if (f != null) {
      f.complete(reply);
      return Outcome.MATCHED;
    }
    synchronized (forgotten) {
      return forgotten.remove(id) != null ? Outcome.LATE : Outcome.UNKNOWN;
    }
  }

  /** Drops an outstanding id (after a timeout); one late reply to it is then recognised as late. */
  public void forget(String id) {
    if (pending.remove(id) != null) {
      synchronized (forgotten) {
        forgotten.put(id, Boolean.TRUE);
      }
    }
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
