package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.RpcReplies;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.w3c.dom.Element;

/**
 * The reply to an rpc sent without waiting ({@link NetconfSession#send}): several may be in flight
 * on one session, and the switch answers them in the order it received them (RFC 6241 section 4.2,
 * pipelining). {@link #await} returns or throws exactly what {@link NetconfSession#call} would
 * have.
 */
public final class PendingReply {
  private final String device;
  private final CompletableFuture<Element> reply;

  public PendingReply(String device, CompletableFuture<Element> reply) {
    this.device = device;
    this.reply = reply;
  }

  /**
   * Waits for the {@code <rpc-reply>} (the session's rpc timeout bounds the wait); an rpc-error is
   * a NetconfRpcException, anything else a NetconfException naming the device.
   */
  public Element await() {
    try {
      return reply.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NetconfException(device, "interrupted while waiting for a reply", e);
    } catch (ExecutionException e) {
      throw asNetconf(device, e.getCause(), "rpc failed");
    }
  }

  /** The {@code <data>} of a {@code get} or {@code get-config} reply. */
  public Element data() {
    return RpcReplies.data(device, await());
  }

  /** The commit-id a save-point commit's reply carries; a NetconfException when it has none. */
  public int commitId() {
    Integer id = TypedReplies.commitId(device, await());
    if (id == null) {
      throw new NetconfException(device, "save-point commit reply carries no commit-id");
    }
    return id;
  }

  /** The text of a {@code <CLI>} reply's {@code Configuration} or {@code Execution}. */
  public String cliText(String element) {
    return TypedReplies.cliText(device, await(), element);
  }

  /** Waits as {@link #await} does and forgets the outcome: for a reply that no longer matters. */
  public void awaitQuietly() {
    try {
      await();
    } catch (NetconfException e) {
      // the caller already has the failure it reports
    }
  }

  static NetconfException asNetconf(String device, Throwable t, String what) {
    Throwable cause = t;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof NetconfException ne) {
      return ne;
    }
    return new NetconfException(device, what + ": " + cause, cause);
  }
}
