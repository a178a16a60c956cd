package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.Datastore;

/**
 * The running and candidate datastores of a device, built on first use from the startup file; not
 * thread-safe: only called under the owning {@link SwitchDevice}'s monitor.
 */
final class Datastores {
  private final ConfigFiles files;
  private Datastore running;
  private Datastore candidate;
  private boolean candidateDirty;

  Datastores(ConfigFiles files) {
    this.files = files;
  }

  /** The running datastore (a copy of the startup file on first use). */
  Datastore running() {
    if (running == null) {
      running = files.startup().copy();
    }
    return running;
  }

  void running(Datastore next) {
    running = next;
  }

  /** The candidate datastore (a copy of running on first use). */
  Datastore candidate() {
    if (candidate == null) {
      candidate = running().copy();
    }
    return candidate;
  }

  /** An edit replaced the candidate, which now differs from running. */
  void editedCandidate(Datastore next) {
    candidate = next;
    candidateDirty = true;
  }

  boolean candidateDirty() {
    return candidateDirty;
  }

  /** Running becomes a copy of the candidate, which is no longer dirty (RFC 6241 §8.3.4.1). */
  void commitCandidate() {
    running = candidate().copy();
    candidateDirty = false;
  }

  /** The candidate goes back to being a copy of running. */
  void discardCandidate() {
    candidate = null;
    candidateDirty = false;
  }

  /** Both datastores are rebuilt on next use and the candidate is clean. */
  void reset() {
    running = null;
    candidate = null;
    candidateDirty = false;
  }

  /** Both datastores are rebuilt on next use; the dirty mark is left as it is. */
  void unload() {
    running = null;
    candidate = null;
  }
}
