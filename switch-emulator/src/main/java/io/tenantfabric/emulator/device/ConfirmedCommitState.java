package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.Datastore;
import java.util.concurrent.ScheduledFuture;

/** A pending RFC 6241 §8.4 confirmed commit: owner, persist token, the state to revert to. */
final class ConfirmedCommitState {
  final int owner;
  final String persist;
  final Datastore revertTo;
  ScheduledFuture<?> timer;

  ConfirmedCommitState(int owner, String persist, Datastore revertTo) {
    this.owner = owner;
    this.persist = persist;
    this.revertTo = revertTo;
  }
}
