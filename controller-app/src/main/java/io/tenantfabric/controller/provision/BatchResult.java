package io.tenantfabric.controller.provision;

import java.util.List;

/**
 * What a batch did: the switches that confirmed, the switches that failed (in prepare or confirm,
 * classified), and the switches that prepared fine but were rolled back because another failed.
 * {@code batchId} is the recorded batch (null when none was recorded); {@code fenced}: abandoned
 * because this instance lost the provisioner lock (nothing of it is to be recorded here).
 */
record BatchResult(
    Long batchId,
    List<SwitchChange> confirmed,
    List<SwitchFailure> failures,
    List<String> rolledBack,
    boolean fenced) {

  BatchResult {
    confirmed = List.copyOf(confirmed);
    failures = List.copyOf(failures);
    rolledBack = List.copyOf(rolledBack);
  }

  BatchResult(
      Long batchId,
      List<SwitchChange> confirmed,
      List<SwitchFailure> failures,
      List<String> rolledBack) {
    this(batchId, confirmed, failures, rolledBack, false);
  }

  /** A batch abandoned because this instance no longer holds the provisioner lock. */
  static BatchResult fencedOff() {
    return new BatchResult(null, List.of(), List.of(), List.of(), true);
  }
}
