package io.tenantfabric.controller.provision;

import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.transaction.ApplyResult;
import io.tenantfabric.southbound.transaction.DeviceKnowledge;
import io.tenantfabric.southbound.transaction.DeviceTransaction;
import io.tenantfabric.southbound.transaction.TransactionProfile;
import io.tenantfabric.southbound.transaction.TransactionSettings;
import java.util.Optional;
import java.util.UUID;

/**
 * One switch's part of a two-phase batch over a pooled session: begin (lock, arm the switch's own
 * rollback), prepare (edit, verify), then confirm or abort. Between begin and prepare the target
 * may be replaced by a newer one of the same switch ({@link #retarget}). Failures come back
 * classified, never thrown.
 */
final class SwitchChange {

  private SwitchTarget target;
  private final SessionPool pool;
  private final TransactionSettings settings;
  private final DeviceKnowledge knowledge;
  private final String persistIdBase = UUID.randomUUID().toString();
  private NetconfSession session;
  private DeviceTransaction tx;
  private ApplyResult applied;
  private long startedNanos;
  private long rpcsAtStart;
  private long elapsedNanos;
  private long rpcs;

  SwitchChange(
      SwitchTarget target,
      SessionPool pool,
      TransactionSettings settings,
      DeviceKnowledge knowledge) {
    this.target = target;
    this.pool = pool;
    this.settings = settings;
    this.knowledge = knowledge;
  }

  SwitchTarget target() {
    return target;
  }

  /**
   * Takes the switch's pooled session (one connect attempt) and starts its transaction; empty when
   * both are there.
   */
  Optional<SwitchFailure> connect() {
    try {
      session = pool.session(target.endpoint());
      startedNanos = System.nanoTime();
      rpcsAtStart = session.rpcsSent();
      tx = new DeviceTransaction(session, settings, persistIdBase, knowledge);
      return Optional.empty();
    } catch (RuntimeException e) {
      release();
      return Optional.of(failed("connect", e));
    }
  }

  /**
   * Locks the switch and arms its rollback, which needs no target; empty when done. A failure here
   * is reported as the prepare's (the phase an operator knows: lock, save-point).
   */
  Optional<SwitchFailure> begin() {
    try {
      tx.begin();
      return Optional.empty();
    } catch (RuntimeException e) {
      release(); // a failed begin has unlocked already
      return Optional.of(failed("prepare", e));
    }
  }

  /**
   * Replaces the target, between {@link #begin} and {@link #prepare}, by a newer of this switch.
   */
  void retarget(SwitchTarget newer) {
    if (!newer.name().equals(target.name()) || newer.generation() < target.generation()) {
      throw new IllegalArgumentException(
          "cannot retarget "
              + target.name()
              + " at generation "
              + target.generation()
              + " to "
              + newer.name()
              + " at "
              + newer.generation());
    }
    target = newer;
  }

  /** Prepares the change; empty when the switch now runs the target, pending confirmation. */
  Optional<SwitchFailure> prepare() {
    try {
      // diff against the config last verified on the switch, when there is one we trust: one
      // round trip less; a wrong belief is found by the read-back and replanned by the switch
      tx.prepare(target.target(), target.believed());
      return Optional.empty();
    } catch (RuntimeException e) {
      release(); // a failed prepare has rolled back and unlocked already
      return Optional.of(failed("prepare", e));
    }
  }

  /**
   * The base of the persist-ids this switch's RFC 6241 confirmed commits will use, to record before
   * anything is committed; null for a Comware save-point (it dies with its session).
   */
  String persistIdBase() {
    return tx != null && tx.profile() == TransactionProfile.RFC6241 ? persistIdBase : null;
  }

  /** Confirms a prepared change; empty on success. */
  Optional<SwitchFailure> confirm() {
    try {
      applied = tx.confirm();
      elapsedNanos = System.nanoTime() - startedNanos;
      rpcs = session.rpcsSent() - rpcsAtStart;
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of(failed("confirm", e));
    } finally {
      release();
    }
  }

  /** From taking the session to the confirm's reply (after {@link #confirm} succeeded). */
  long elapsedNanos() {
    return elapsedNanos;
  }

  /** RPCs the transaction sent, from prepare to confirm (after {@link #confirm} succeeded). */
  long rpcs() {
    return rpcs;
  }

  /** What the confirmed transaction sent (after {@link #confirm} succeeded). */
  ApplyResult applied() {
    return applied;
  }

  /** Rolls a prepared change back; the switch would do so by itself after its timeout anyway. */
  void abort() {
    try {
      if (tx != null) {
        tx.abort();
      }
    } catch (RuntimeException e) {
      // the switch's own rollback (save-point idle timeout, confirmed-commit timeout) follows
      pool.evict(target.name());
    } finally {
      release();
    }
  }

  /** Gives the session back without touching the switch (nothing was prepared). */
  void close() {
    release();
  }

  private SwitchFailure failed(String phase, RuntimeException e) {
    SwitchFailure f = SwitchFailure.of(target.name(), phase, e);
    if (f.kind() == FailureKind.UNREACHABLE) {
      pool.evict(target.name()); // the next attempt connects afresh
    }
    return f;
  }

  private void release() {
    if (session != null) {
      try {
        session.close(); // a pooled handle: the session stays open in the pool
      } catch (RuntimeException e) {
        pool.evict(target.name());
      }
      session = null;
    }
  }
}
