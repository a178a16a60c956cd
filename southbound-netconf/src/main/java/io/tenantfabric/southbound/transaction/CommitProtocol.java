package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;

/**
 * How a switch takes a change so that it can undo it by itself, chosen from its capabilities (see
 * provisioning.md, two-phase batches): Comware's save-point on running, or RFC 6241's candidate
 * with a confirmed commit. Each owns its locks, the arming of the switch's auto-rollback, confirm,
 * undo and the persist-id; one instance per transaction, used in the order begin, (edits), arm,
 * confirm, with rewind or rollback on the way.
 */
sealed interface CommitProtocol permits SavePointProtocol, ConfirmedCommitProtocol {

  /** The protocol for the session's switch; a candidate without confirmed-commit is refused. */
  static CommitProtocol of(
      NetconfSession session, TransactionSettings settings, String persistIdBase) {
    if (TransactionProfile.of(session) == TransactionProfile.COMWARE) {
      return new SavePointProtocol(session, settings);
    }
    return new ConfirmedCommitProtocol(session, settings, persistIdBase);
  }

  TransactionProfile profile();

  /** The datastore the edits go to and the plan's current state is read from. */
  Datastore editTarget();

  /** Before any edit: takes the locks and opens what the switch can roll back by itself. */
  void begin();

  /** After the edits: they are live on running, undone by the switch unless confirmed in time. */
  void arm();

  /**
   * True when {@link #begin} already armed the rollback and {@link #arm} sends nothing (a
   * save-point): the read-back may then follow the edits without waiting for them.
   */
  boolean armedBeforeEdits();

  /**
   * Undoes every edit since {@link #begin} but keeps the locks and the rollback scope, so that the
   * change can be planned again from what the switch runs.
   */
  void rewind();

  /** Makes the change permanent. */
  void confirm();

  /** Undoes the change where it can; throws the first failure with any others suppressed. */
  void rollback();

  /** Releases the locks; failures are added to {@code failure}, or thrown when it is null. */
  void unlock(RuntimeException failure);

  /** The persist-id of a pending confirmed commit, or null. */
  String persistId();

  /** Lock RPCs sent so far, refused ones included. */
  int lockAttempts();
}
