package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.protocol.RpcReplies;
import io.tenantfabric.southbound.protocol.SecureXml;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.PendingReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * An in-memory session whose switch answers each rpc with what {@code answer} gives for its text,
 * and only once {@code burst} rpcs have been sent: a reader that waited for an answer before
 * sending the rest of its round trip never gets one and fails after {@link #GUARD}. Keeps every rpc
 * sent, as text.
 */
final class ScriptedSwitch implements NetconfSession {
  static final Duration GUARD = Duration.ofSeconds(5);

  private final Function<String, String> answer;
  private final int burst;
  private final List<String> sent = new ArrayList<>();
  private final List<CompletableFuture<Element>> held = new ArrayList<>();
  private final List<String> heldRequests = new ArrayList<>();

  /** {@code answer} maps an rpc's text to the inner XML of its {@code <rpc-reply>}. */
  ScriptedSwitch(int burst, Function<String, String> answer) {
    this.burst = burst;
    this.answer = answer;
  }

  /** A reply holding {@code <data>} with {@code top}. */
  static String data(String top) {
    return "<data>" + top + "</data>";
  }

  /** An rpc-error as Comware answers a module it refuses in XML (comware-facts.md 2.8). */
  static String unknownElement(String module) {
    return "<rpc-error><error-type>protocol</error-type><error-tag>unknown-element</error-tag>"
        + "<error-severity>error</error-severity><error-message xml:lang=\"en\">Unexpected element"
        + " 'http://www.h3c.com/netconf/data:1.0':'"
        + module
        + "' under element '/rpc/get[1]/filter[1]/top[1]</error-message><error-info><bad-element>"
        + module
        + "</bad-element></error-info></rpc-error>";
  }

  /** Every rpc sent so far, as text, in order. */
  List<String> sent() {
    return List.copyOf(sent);
  }

  @Override
  public synchronized PendingReply send(Document rpc) {
    String text = SecureXml.toString(rpc.getDocumentElement());
    sent.add(text);
    CompletableFuture<Element> reply = new CompletableFuture<>();
    held.add(reply);
    heldRequests.add(text);
    if (held.size() >= burst) {
      for (int i = 0; i < held.size(); i++) {
        complete(held.get(i), heldRequests.get(i));
      }
      held.clear();
      heldRequests.clear();
    }
    return new PendingReply(device(), reply.orTimeout(GUARD.toMillis(), TimeUnit.MILLISECONDS));
  }

  private void complete(CompletableFuture<Element> future, String request) {
    String inner = answer.apply(request);
    Element reply =
        SecureXml.parse(
                "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\">"
                    + inner
                    + "</rpc-reply>")
            .getDocumentElement();
    if (RpcReplies.errors(reply).stream().anyMatch(e -> e.isError())) {
      future.completeExceptionally(new NetconfRpcException(device(), RpcReplies.errors(reply)));
    } else {
      future.complete(reply);
    }
  }

  @Override
  public String device() {
    return "leaf-01";
  }

  @Override
  public String sessionId() {
    return "1";
  }

  @Override
  public Set<String> serverCapabilities() {
    return Set.of();
  }

  @Override
  public boolean hasCapability(String uriPrefix) {
    return false;
  }

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public synchronized long rpcsSent() {
    return sent.size();
  }

  @Override
  public CompletableFuture<Element> rpcAsync(String operationXml) {
    throw new NetconfException(device(), "the lifecycle reads send built rpcs only");
  }

  @Override
  public Element rpc(String operationXml) {
    throw new NetconfException(device(), "the lifecycle reads send built rpcs only");
  }

  @Override
  public void close() {}

  @Override
  public void cut() {}
}
