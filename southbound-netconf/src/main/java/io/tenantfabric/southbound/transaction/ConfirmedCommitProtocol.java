package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;

/**
 * RFC 6241 (sections 8.3 and 8.4): lock running and candidate, discard stale candidate edits, edit
 * the candidate, validate, {@code commit confirmed} with a timeout and a persist token. The switch
 * reverts when the timeout passes unconfirmed; the persist token lets any session confirm or {@code
 * cancel-commit} it, so a session drop alone does not revert.
 */
final class ConfirmedCommitProtocol implements CommitProtocol {
  private final NetconfSession session;
  private final TransactionSettings settings;
  private final Locks locks;
  private final String persistIdBase;
  private int commits;
  private String persistId;

  ConfirmedCommitProtocol(
      NetconfSession session, TransactionSettings settings, String persistIdBase) {
    this.session = session;
    this.settings = settings;
    this.locks = new Locks(session, settings);
    this.persistIdBase = persistIdBase;
  }

  @Override
  public TransactionProfile profile() {
    return TransactionProfile.RFC6241;
  }

  @Override
  public Datastore editTarget() {
    return Datastore.CANDIDATE;
  }

  @Override
  public void begin() {
    locks.acquire(Datastore.RUNNING);
    locks.acquire(Datastore.CANDIDATE);
    Phase.run(session.device(), "discard", session::discardChanges);
  }

  @Override
  public boolean armedBeforeEdits() {
    return false; // the confirmed commit arms only edits the candidate took
  }

  @Override
  public void arm() {
    Phase.run(session.device(), "validate", () -> session.validate(Datastore.CANDIDATE));
    // at most two commits (the first and one replan): DeviceTransaction.persistIds lists them
    String token = DeviceTransaction.persistIds(persistIdBase).get(commits++);
    try {
      session.commitConfirmed(settings.confirmTimeout(), token);
    } catch (NetconfRpcException e) {
      // refused: nothing was committed, so there is nothing to cancel
      throw new DeviceTransactionException(session.device(), "commit", "device refused", e);
    } catch (NetconfException e) {
      persistId = token; // no answer: it may have committed, so a rollback tries to cancel it
      throw new DeviceTransactionException(session.device(), "commit", "device refused", e);
    }
    persistId = token;
  }

  @Override
  public void rewind() {
    if (persistId != null) {
      Phase.run(session.device(), "replan", () -> session.cancelCommit(persistId));
      persistId = null;
    }
    Phase.run(session.device(), "replan", session::discardChanges);
  }

  @Override
  public void confirm() {
    Phase.run(session.device(), "confirm", () -> session.confirmCommit(persistId));
    persistId = null;
  }

  @Override
  public void rollback() {
    RuntimeException failure = null;
    if (persistId != null) {
      try {
        session.cancelCommit(persistId);
      } catch (RuntimeException e) {
        failure = e; // cancelled elsewhere or timed out already; the candidate still needs a reset
      }
      persistId = null;
    }
    if (locks.holds(Datastore.CANDIDATE)) {
      try {
        session.discardChanges();
      } catch (RuntimeException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void unlock(RuntimeException failure) {
    locks.releaseAll(failure);
  }

  @Override
  public String persistId() {
    return persistId;
  }

  @Override
  public int lockAttempts() {
    return locks.attempts();
  }
}
