package io.tenantfabric.southbound.session;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.w3c.dom.Element;

/**
 * One NETCONF session with one switch; thread safe, several rpcs may be in flight. Every failure is
 * a NetconfException naming the device; rpc-errors are NetconfRpcException with all errors.
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

  /** {@code <get>} with an optional subtree filter (null = everything); returns {@code <data>}. */
  Element get(String filterXml);

  /** {@code <get-config>} with an optional subtree filter; returns {@code <data>}. */
  Element getConfig(Datastore source, String filterXml);

  /** {@code <edit-config>}; configContentXml is the content of {@code <config>}. */
  void editConfig(Datastore target, String configContentXml, EditConfigOptions options);

  void lock(Datastore datastore);

  void unlock(Datastore datastore);

  /** {@code <validate>} of a datastore (RFC 6241 section 8.6). */
  void validate(Datastore source);

  /** {@code <commit/>} (needs :candidate). */
  void commit();

  /** Confirmed commit (RFC 6241 section 8.4); persist may be null. */
  void commitConfirmed(Duration timeout, String persist);

  /** Confirming commit; persistId null = plain commit from the issuing session. */
  void confirmCommit(String persistId);

  /** {@code <cancel-commit>}; persistId may be null on the issuing session. */
  void cancelCommit(String persistId);

  void discardChanges();

  /**
   * Comware save-point begin with its idle confirm-timeout (1..65535 s); returns commit-id or 0.
   */
  int savePointBegin(Duration confirmTimeout);

  /** Comware save-point commit with a label; returns the new point's commit-id. */
  int savePointCommit(String label);

  /** Comware save-point rollback to a commit-id, or to the latest point when null. */
  void savePointRollback(Integer commitId);

  /** Comware save-point end: keeps the configuration. */
  void savePointEnd();

  /** Comware {@code <save>}; file null = the next-startup file. */
  void save(String file);

  /** Comware {@code <CLI><Configuration>} in system view; returns the echoed text. */
  String cliConfiguration(List<String> lines);

  /** Comware {@code <CLI><Execution>} in user view; returns the echoed text. */
  String cliExecution(String command);

  /** {@code <kill-session>} of another session. */
  void killSession(String sessionId);

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
