package io.tenantfabric.southbound.session;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The pool's handle on a session: delegates everything, and close() leaves the session open. */
final class PooledSession implements NetconfSession {

  private final NetconfSession delegate;

  PooledSession(NetconfSession delegate) {
    this.delegate = delegate;
  }

  @Override
  public String device() {
    return delegate.device();
  }

  @Override
  public String sessionId() {
    return delegate.sessionId();
  }

  @Override
  public Set<String> serverCapabilities() {
    return delegate.serverCapabilities();
  }

  @Override
  public boolean hasCapability(String uriPrefix) {
    return delegate.hasCapability(uriPrefix);
  }

  @Override
  public boolean isOpen() {
    return delegate.isOpen();
  }

  @Override
  public long rpcsSent() {
    return delegate.rpcsSent();
  }

  @Override
  public CompletableFuture<Element> rpcAsync(String operationXml) {
    return delegate.rpcAsync(operationXml);
  }

  @Override
  public Element rpc(String operationXml) {
    return delegate.rpc(operationXml);
  }

  @Override
  public PendingReply send(Document rpc) {
    return delegate.send(rpc);
  }

  /** Returns the session to the pool; it stays open for the next caller. */
  @Override
  public void close() {}

  /** Cuts the session itself: the pool finds it dead and connects afresh for the next caller. */
  @Override
  public void cut() {
    delegate.cut();
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
