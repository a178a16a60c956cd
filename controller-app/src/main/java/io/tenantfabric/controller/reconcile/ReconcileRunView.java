package io.tenantfabric.controller.reconcile;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.drift.DriftItemView;
import java.time.Instant;
import java.util.List;

/**
 * A reconcile run: {@code scope} is {@code fabric} or a switch name; {@code policy} {@code repair}
 * or {@code report}; {@code trigger} {@code api} or {@code schedule}; {@code state} REQUESTED,
 * RUNNING, REPAIRING (drift found, the repairs under way), DONE or FAILED; {@code switches} what it
 * found on each switch in scope (empty until it ran), with {@code drifted} and {@code unreachable}
 * counting them.
 */
@Schema(name = "ReconcileRun")
record ReconcileRunView(
    String id,
    @Schema(nullable = true) String scope,
    String policy,
    String trigger,
    String state,
    Instant requestedAt,
    @Schema(nullable = true) Instant startedAt,
    @Schema(nullable = true) Instant finishedAt,
    int drifted,
    int unreachable,
    List<SwitchResult> switches) {

  /**
   * One switch: {@code outcome} IN_SYNC, DRIFTED (report), REPAIRING, REPAIRED, REPAIR_FAILED,
   * PENDING (a change of its own is under way: its read-back checks it), BACKING_OFF (failing; left
   * alone), HELD (a fabric operation holds it: left to the operation), UNREACHABLE or NOT_READY
   * (its day-0 configuration is incomplete: the gaps in {@code error}, its config not compared);
   * the drift items found; the error in the switch's or transport's words; the generation its
   * repair was given.
   */
  @Schema(name = "ReconcileSwitchResult")
  record SwitchResult(
      String name,
      String outcome,
      @Schema(nullable = true) List<DriftItemView> items,
      @Schema(nullable = true) String error,
      @Schema(nullable = true) Long repairGeneration) {}
}
