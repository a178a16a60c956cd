package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Day-0 as the prerequisite of a batch: before a switch with intent to apply joins one, the
 * provisioner checks its day-0 configuration when it was never checked (a switch being onboarded,
 * or one whose inventory now names another box) or when it is {@code NOT_READY}, every such switch
 * at once. Those found ready are admitted ({@link SnapshotReads#pendingSwitches} now lists them)
 * and their cabling is checked as one run; the others stay out, as an unreachable switch does, and
 * are tried again after the provisioner's back-off. The controller never pushes a day-0 item
 * itself.
 */
@Component
class Day0Gate {

  private static final Logger log = LoggerFactory.getLogger(Day0Gate.class);

  private final SnapshotReads switches;
  private final LifecycleChecks checks;
  private final SwitchFanOut fanOut;
  private final Transactions tx;

  Day0Gate(SnapshotReads switches, LifecycleChecks checks, SwitchFanOut fanOut, Transactions tx) {
    this.switches = switches;
    this.checks = checks;
    this.fanOut = fanOut;
    this.tx = tx;
  }

  /** What the gate found: the switches admitted, and a failure for each one kept out. */
  record Verdicts(List<String> admitted, List<SwitchFailure> keptOut) {}

  /**
   * Checks the day-0 of every switch waiting for it that passes {@code eligible}; records each
   * verdict ({@link SwitchLifecycleChecks#checkDay0}), and a switch that could not be read as
   * {@code UNREACHABLE} (unless it is {@code NOT_READY}).
   */
  Verdicts admit(Predicate<String> eligible, BooleanSupplier stillLeader) {
    List<PendingSwitch> waiting =
        tx.read(switches::awaitingDay0).stream().filter(s -> eligible.test(s.name())).toList();
    if (waiting.isEmpty()) {
      return new Verdicts(List.of(), List.of());
    }
    List<SwitchFailure> verdicts =
        fanOut.onEach(
            waiting,
            sw -> {
              try {
                List<Day0Gap> gaps = checks.checkDay0(new SwitchName(sw.name()));
                return gaps.isEmpty()
                    ? null
                    : new SwitchFailure(
                        sw.name(),
                        FailureKind.NOT_READY,
                        "day-0",
                        "day-0 incomplete: "
                            + gaps.stream()
                                .map(Day0Gap::toString)
                                .collect(Collectors.joining("; ")));
              } catch (RuntimeException e) {
                SwitchFailure f = SwitchFailure.of(sw.name(), "day-0", e);
                checks.recordUnreachable(f);
                return f;
              }
            });
    List<String> admitted = new ArrayList<>();
    List<SwitchFailure> keptOut = new ArrayList<>();
    for (int i = 0; i < waiting.size(); i++) {
      if (verdicts.get(i) == null) {
        admitted.add(waiting.get(i).name());
      } else {
        keptOut.add(verdicts.get(i));
      }
    }
    if (!admitted.isEmpty()) {
      try {
        // their cables before they are put in service: free GPU ports are shut once they are
        checks.check(admitted, "ONBOARDING", null, name -> true, stillLeader);
      } catch (RuntimeException e) {
        log.warn("checking the cabling of {} failed; the schedule checks it again", admitted, e);
      }
    }
    return new Verdicts(admitted, keptOut);
  }
}
