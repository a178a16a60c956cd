package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;

/**
 * Which session holds the running and the candidate lock (RFC 6241 §7.5-7.6), with the profile's
 * error texts; not thread-safe: only called under the owning {@link SwitchDevice}'s monitor.
 */
final class LockTable {
  private final Profile profile;
  private Integer runningLock;
  private Integer candidateLock;

  LockTable(Profile profile) {
    this.profile = profile;
  }

  /** The session id holding the lock of {@code t} (startup shares running's), null when free. */
  Integer holder(Target t) {
    return t == Target.CANDIDATE ? candidateLock : runningLock;
  }

  boolean holds(Target t, int sessionId) {
    Integer holder = holder(t);
    return holder != null && holder == sessionId;
  }

  void take(Target t, int sessionId) {
    if (t == Target.CANDIDATE) {
      candidateLock = sessionId;
    } else {
      runningLock = sessionId;
    }
  }

  /** Takes the running lock, and the candidate lock when {@code candidateToo}, where free. */
  void takeFree(int sessionId, boolean candidateToo) {
    if (runningLock == null) {
      runningLock = sessionId;
    }
    if (candidateToo && candidateLock == null) {
      candidateLock = sessionId;
    }
  }

  /** RFC 6241 §7.6; a non-holder gets operation-failed "Unlock Failed" as pyhpecw7 expects. */
  void unlock(Target t, int sessionId) throws RpcException {
    Integer holder = holder(t);
    if (holder == null || holder != sessionId) {
      throw new RpcException(
          NetconfError.protocol(
              "operation-failed", "Unlock Failed, the NETCONF lock is not held by this session."));
    }
    if (t == Target.CANDIDATE) {
      candidateLock = null;
    } else {
      runningLock = null;
    }
  }

  /** Releases both locks where {@code sessionId} holds them; true when it held the candidate's. */
  boolean releaseAll(int sessionId) {
    boolean candidate = false;
    if (candidateLock != null && candidateLock == sessionId) {
      candidateLock = null;
      candidate = true;
    }
    if (runningLock != null && runningLock == sessionId) {
      runningLock = null;
    }
    return candidate;
  }

  void clear() {
    runningLock = null;
    candidateLock = null;
  }

  /** The lock-denied text of the profile. */
  String deniedText() {
    return profile == Profile.COMWARE7
        ? DeviceErrors.LOCK_DENIED_COMWARE
        : "Lock failed, lock is already held.";
  }

  /** Edits need the lock when another session holds it (comware: access-denied, RFC: in-use). */
  void requireWritable(DeviceSession s, Target t) throws RpcException {
    Integer holder = holder(t);
    if (holder != null && (s == null || holder != s.id())) {
      if (profile == Profile.COMWARE7) {
        throw new RpcException(
            NetconfError.protocol(
                    "access-denied",
                    "Configuration failed because the NETCONF lock is held by another session.")
                .withInfo("session-id", Integer.toString(holder)));
      }
      throw new RpcException(
          NetconfError.protocol("in-use", "The datastore is locked by another session.")
              .withInfo("session-id", Integer.toString(holder)));
    }
  }
}
