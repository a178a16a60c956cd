package io.tenantfabric.controller.provision;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Work the provisioner runs on its own thread between two batches, so that it never sees a change
 * of the provisioner's half done (reconcile runs, cabling checks, fabric operations); every bean,
 * in its {@code Order}.
 */
public interface BetweenBatches {

  /**
   * Runs what is due; returns whether it asked for a batch at once. {@code available}: switches
   * that are not backing off after a failure; {@code stillLeader}: whether this instance still
   * leads.
   */
  boolean runDue(Predicate<String> available, BooleanSupplier stillLeader);

  /** Closes what the last batch finished; run after each batch and when idle. */
  void settle();

  /** When the next run is due by itself (empty when none), for the loop's wait. */
  Optional<Instant> nextScheduled();

  /** The notification channels whose every notification wakes the loop for this work. */
  default Set<String> wakeChannels() {
    return Set.of();
  }
}
