package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.notify.LeadershipChanged;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.lifecycle.CablingCheck;
import io.tenantfabric.db.lifecycle.CablingCheckStore;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Runs the requested cabling checks (through the API, or by the reconciler's schedule) between
 * batches, on the provisioner's thread, as reconcile runs are run: each check reads its switches at
 * once, records the verdicts with one audit event ({@link LifecycleChecks#check}) and stores its
 * result for {@code GET /api/v1/fabric/cabling/checks/{id}} and the requests waiting on it. It
 * looks for requested checks only when a request was heard since it last looked (or the lead
 * changed), so that a batch cycle pays no database round trip for them.
 */
@Component
@Order(2)
class CablingCheckRunner implements BetweenBatches {

  private static final Logger log = LoggerFactory.getLogger(CablingCheckRunner.class);

  private final CablingCheckStore store;
  private final LifecycleChecks checks;
  private final Transactions tx;
  private final Clock clock;

  /** Moves on with every request heard (and every leadership change): a reason to look again. */
  private final AtomicLong heard = new AtomicLong(1);

  /** The value of {@link #heard} when the open checks were last claimed; provisioner thread. */
  private long lookedAt;

  CablingCheckRunner(
      CablingCheckStore store,
      LifecycleChecks checks,
      Transactions tx,
      Clock clock,
      PgListener listener) {
    this.store = store;
    this.checks = checks;
    this.tx = tx;
    this.clock = clock;
    // subscribed before the provisioner's wake-up on the same channel (the provisioner is built
    // with this bean), so a cycle that a request wakes sees it counted; a null payload (the
    // listener reconnected) may hide a request too
    listener.subscribe(CablingCheckStore.REQUESTED_CHANNEL, payload -> heard.incrementAndGet());
  }

  /** A new term claims again what a stopped leader left requested or running. */
  @EventListener
  void leadershipChanged(LeadershipChanged e) {
    heard.incrementAndGet();
  }

  @Override
  public boolean runDue(Predicate<String> available, BooleanSupplier stillLeader) {
    long seen = heard.get();
    if (seen == lookedAt) {
      return false;
    }
    for (CablingCheck check : tx.write(() -> store.claimOpen(clock.instant()))) {
      Optional<CablingRun> run;
      try {
        run = checks.check(check.switches(), check.trigger(), check.id(), available, stillLeader);
      } catch (RuntimeException e) {
        log.error("cabling check {} failed", check.id(), e);
        tx.write(
            () -> {
              store.finish(check.id(), "FAILED", "{}", clock.instant());
              return null;
            });
        continue;
      }
      if (run.isEmpty()) {
        return false; // fenced: the check stays RUNNING and the next leader runs it again
      }
      Instant now = clock.instant();
      tx.write(
          () -> {
            store.finish(check.id(), "DONE", CablingRunJson.write(run.get()), now);
            return null;
          });
    }
    lookedAt = seen;
    return false;
  }

  @Override
  public void settle() {
    // a check is over once recorded
  }

  @Override
  public Optional<Instant> nextScheduled() {
    return Optional.empty(); // the reconciler's schedule requests them
  }
}
