package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.RpcReplies;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * One NETCONF session with one switch; thread safe, several rpcs may be in flight. Every failure is
 * a NetconfException naming the device; rpc-errors are NetconfRpcException with all errors.
 *
 * <p>An implementation sends rpcs ({@link #rpcAsync}, {@link #send}); the typed operations are
 * defined here once, over {@link #call} and the builders of {@code Rpcs}, so that a session and
 * every wrapper of one send the same rpc for the same operation.
 */
public interface NetconfSession extends AutoCloseable {

  /** The switch name. */
  String device();

  /** The session-id from the server hello. */
  String sessionId();

  /** Capabilities from the server hello. */
  Set<String> serverCapabilities();

  /** True if a server capability starts with this URI (ignores ?module=... suffixes). */
  boolean hasCapability(String uriPrefix);

  /** False once the SSH channel or session closed or the framing broke. */
  boolean isOpen();

  /** RPCs sent on this session so far (a transaction's count is the difference across it). */
  long rpcsSent();

  /**
   * Sends one operation (the element inside {@code <rpc>}) without waiting; the future completes
   * with the {@code <rpc-reply>}, or exceptionally with NetconfRpcException on an rpc-error of
   * severity error, NetconfTimeoutException after the rpc timeout, NetconfException otherwise.
   */
  CompletableFuture<Element> rpcAsync(String operationXml);

  /** Sends one operation and waits up to the rpc timeout; returns the {@code <rpc-reply>}. */
  Element rpc(String operationXml);

  /**
   * Sends one {@code <rpc>} (as {@code Rpcs} builds it: the session gives it its message-id)
   * without waiting. Rpcs sent one after another are in flight together and the switch answers them
   * in order, so a caller that needs several independent answers pays one round trip for all of
   * them; an rpc's timeout runs from its send or, behind others, from the answer ahead of it (the
   * switch cannot start on it before).
   */
  PendingReply send(Document rpc);

  /** Sends one {@code <rpc>} and waits up to the rpc timeout; returns the {@code <rpc-reply>}. */
  default Element call(Document rpc) {
    return send(rpc).await();
  }

  /** {@code <get>} with an optional subtree filter (null = everything); returns {@code <data>}. */
  default Element get(String filterXml) {
    return RpcReplies.data(device(), call(Rpcs.get(filterXml)));
  }

  /** {@code <get-config>} with an optional subtree filter; returns {@code <data>}. */
  default Element getConfig(Datastore source, String filterXml) {
    return RpcReplies.data(device(), call(Rpcs.getConfig(source, filterXml)));
  }

  /** {@code <edit-config>}; configContentXml is the content of {@code <config>}. */
  default void editConfig(Datastore target, String configContentXml, EditConfigOptions options) {
    call(Rpcs.editConfig(target, configContentXml, options));
  }

  default void lock(Datastore datastore) {
    call(Rpcs.lock(datastore));
  }

  default void unlock(Datastore datastore) {
    call(Rpcs.unlock(datastore));
  }

  /** {@code <validate>} of a datastore (RFC 6241 section 8.6). */
  default void validate(Datastore source) {
    call(Rpcs.validate(source));
  }

  /** {@code <commit/>} (needs :candidate). */
  default void commit() {
    call(Rpcs.commit());
  }

  /** Confirmed commit (RFC 6241 section 8.4); persist may be null. */
  default void commitConfirmed(Duration timeout, String persist) {
    call(Rpcs.commitConfirmed(timeout, persist));
  }

  /** Confirming commit; persistId null = plain commit from the issuing session. */
  default void confirmCommit(String persistId) {
    call(Rpcs.confirmCommit(persistId));
  }

  /** {@code <cancel-commit>}; persistId may be null on the issuing session. */
  default void cancelCommit(String persistId) {
    call(Rpcs.cancelCommit(persistId));
  }

  default void discardChanges() {
    call(Rpcs.discardChanges());
  }

  /**
   * Comware save-point begin with its idle confirm-timeout (1..65535 s); returns commit-id or 0.
   */
  default int savePointBegin(Duration confirmTimeout) {
    Integer id = TypedReplies.commitId(device(), call(Rpcs.savePointBegin(confirmTimeout)));
    return id == null ? 0 : id;
  }

  /** Comware save-point commit with a label; returns the new point's commit-id. */
  default int savePointCommit(String label) {
    return send(Rpcs.savePointCommit(label)).commitId();
  }

  /** Comware save-point rollback to a commit-id, or to the latest point when null. */
  default void savePointRollback(Integer commitId) {
    call(Rpcs.savePointRollback(commitId));
  }

  /** Comware save-point end: keeps the configuration. */
  default void savePointEnd() {
    call(Rpcs.savePointEnd());
  }

  /** Comware {@code <save>}; file null = the next-startup file. */
  default void save(String file) {
    call(Rpcs.save(file));
  }

  /** Comware {@code <CLI><Configuration>} in system view; returns the echoed text. */
  default String cliConfiguration(List<String> lines) {
    return TypedReplies.cliText(device(), call(Rpcs.cliConfiguration(lines)), "Configuration");
  }

  /** Comware {@code <CLI><Execution>} in user view; returns the echoed text. */
  default String cliExecution(String command) {
    return TypedReplies.cliText(device(), call(Rpcs.cliExecution(command)), "Execution");
  }

  /** {@code <kill-session>} of another session. */
  default void killSession(String sessionId) {
    call(Rpcs.killSession(sessionId));
  }

  /** {@code <close-session/>} (best effort) then closes the SSH channel and session. */
  @Override
  void close();

  /**
   * Drops the SSH channel and session at once, without {@code <close-session/>} and without waiting
   * for anything: the switch ends the session as it does on a lost link (releases its locks, rolls
   * back its save-point), and every rpc in flight on it fails now. For a session that must stop
   * acting at once: a fenced-off leader's, or one a transaction left in doubt. A graceful close
   * waits for its {@code <close-session/>} reply, behind whatever the session had in flight.
   */
  void cut();
}
