package io.tenantfabric.southbound.session;

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
  public java.util.Set<String> serverCapabilities() {
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
  public java.util.concurrent.CompletableFuture<org.w3c.dom.Element> rpcAsync(String operationXml) {
    return delegate.rpcAsync(operationXml);
  }

  @Override
  public org.w3c.dom.Element rpc(String operationXml) {
    return delegate.rpc(operationXml);
  }

  @Override
  public org.w3c.dom.Element get(String filterXml) {
    return delegate.get(filterXml);
  }

  @Override
  public org.w3c.dom.Element getConfig(Datastore source, String filterXml) {
    return delegate.getConfig(source, filterXml);
  }

  @Override
  public void editConfig(Datastore target, String configContentXml, EditConfigOptions options) {
    delegate.editConfig(target, configContentXml, options);
  }

  @Override
  public void lock(Datastore datastore) {
    delegate.lock(datastore);
  }

  @Override
  public void unlock(Datastore datastore) {
    delegate.unlock(datastore);
  }

  @Override
  public void validate(Datastore source) {
    delegate.validate(source);
  }

  @Override
  public void commit() {
    delegate.commit();
  }

  @Override
  public void commitConfirmed(java.time.Duration timeout, String persist) {
    delegate.commitConfirmed(timeout, persist);
  }

  @Override
  public void confirmCommit(String persistId) {
    delegate.confirmCommit(persistId);
  }

  @Override
  public void cancelCommit(String persistId) {
    delegate.cancelCommit(persistId);
  }

  @Override
  public void discardChanges() {
    delegate.discardChanges();
  }

  @Override
  public int savePointBegin(java.time.Duration confirmTimeout) {
    return delegate.savePointBegin(confirmTimeout);
  }

  @Override
  public int savePointCommit(String label) {
    return delegate.savePointCommit(label);
  }

  @Override
  public void savePointRollback(Integer commitId) {
    delegate.savePointRollback(commitId);
  }

  @Override
  public void savePointEnd() {
    delegate.savePointEnd();
  }

  @Override
  public void save(String file) {
    delegate.save(file);
  }

  @Override
  public String cliConfiguration(java.util.List<String> lines) {
    return delegate.cliConfiguration(lines);
  }

  @Override
  public String cliExecution(String command) {
    return delegate.cliExecution(command);
  }

  @Override
  public void killSession(String sessionId) {
    delegate.killSession(sessionId);
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
