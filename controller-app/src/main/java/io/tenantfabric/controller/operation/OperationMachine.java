package io.tenantfabric.controller.operation;

import io.tenantfabric.db.operation.FabricOperationRow;
import java.time.Instant;
import java.util.function.Predicate;

/**
 * The steps of one kind of fabric operation, run by {@link OperationRunner} on the provisioning
 * leader: one run goes on from the stored step for as long as steps pass, each transition handed to
 * {@code record} before the next step starts (false: not stored, this instance no longer leads, so
 * the run stops), and returns the last transition stored (null when none was).
 */
public interface OperationMachine {

  /** The kind this machine runs: REPLACE, GROWTH or NIC_SPEED. */
  String kind();

  /**
   * Runs {@code row} from its stored step, which this leader has waited on since {@code
   * waitingSince}.
   */
  OperationTransition run(
      FabricOperationRow row, Instant waitingSince, Predicate<OperationTransition> record);
}
