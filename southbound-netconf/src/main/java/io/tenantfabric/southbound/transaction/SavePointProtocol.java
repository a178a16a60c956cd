package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.PendingReply;
import io.tenantfabric.southbound.session.Rpcs;
import java.util.UUID;

/**
 * Comware 7 (comware-facts.md sections 2.6 and 2.7): lock running, {@code save-point begin} with
 * the confirm-timeout and a {@code commit} that marks the state before the change; edits go
 * straight to running. The switch rolls back to the begin state when the session drops or idles
 * past the timeout; {@code end} (then {@code save}) confirms, {@code rollback} to the mark undoes.
 */
final class SavePointProtocol implements CommitProtocol {
  private final NetconfSession session;
  private final TransactionSettings settings;
  private final Locks locks;
  private Integer point;
  private boolean open;

  SavePointProtocol(NetconfSession session, TransactionSettings settings) {
    this.session = session;
    this.settings = settings;
    this.locks = new Locks(session, settings);
  }

  @Override
  public TransactionProfile profile() {
    return TransactionProfile.COMWARE;
  }

  @Override
  public Datastore editTarget() {
    return Datastore.RUNNING;
  }

  @Override
  public void begin() {
    locks.acquire(Datastore.RUNNING);
    // The begin and the mark go together, one round trip: the switch takes them in order, and a
    // mark sent after a failed begin fails as well and is not waited for.
    PendingReply begun = session.send(Rpcs.savePointBegin(settings.confirmTimeout()));
    PendingReply marked = session.send(Rpcs.savePointCommit("pre-" + UUID.randomUUID()));
    try {
      Phase.run(session.device(), "save-point", begun::await);
    } catch (RuntimeException e) {
      marked.awaitQuietly();
      throw e;
    }
    open = true;
    point = Phase.call(session.device(), "save-point", marked::commitId);
  }

  @Override
  public boolean armedBeforeEdits() {
    return true; // the save-point guards the edits from its begin
  }

  @Override
  public void arm() {
    // the edits went to running and the save-point already guards them
  }

  @Override
  public void rewind() {
    Phase.run(session.device(), "replan", () -> session.savePointRollback(point));
  }

  @Override
  public void confirm() {
    Phase.run(session.device(), "confirm", session::savePointEnd);
    open = false;
    if (settings.saveToStartup()) {
      Phase.run(session.device(), "save", () -> session.save(null));
    }
  }

  @Override
  public void rollback() {
    if (open) {
      if (point != null) {
        session.savePointRollback(point);
      }
      session.savePointEnd();
      open = false;
    }
  }

  @Override
  public void unlock(RuntimeException failure) {
    locks.releaseAll(failure);
  }

  @Override
  public String persistId() {
    return null; // a save-point dies with its session: nothing to cancel from elsewhere
  }

  @Override
  public int lockAttempts() {
    return locks.attempts();
  }
}
